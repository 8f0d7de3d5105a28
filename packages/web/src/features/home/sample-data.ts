/** The home dashboard's fixed sample figures (spec §2: the sample data is fixed). */
export const SAMPLE_CARDS = {
  activeAdvertisers: 150,
  activeCampaigns: 956,
  adsIncome: 1_284_530.9,
  salesIncome: 18_947_210.45,
};

export const SAMPLE_INCOME = [
  { month: 'Jan', ads: 68_400, sales: 1_102_000 },
  { month: 'Fev', ads: 74_900, sales: 1_187_500 },
  { month: 'Mar', ads: 81_250, sales: 1_264_300 },
  { month: 'Abr', ads: 79_800, sales: 1_231_900 },
  { month: 'Mai', ads: 93_600, sales: 1_402_750 },
  { month: 'Jun', ads: 101_300, sales: 1_498_100 },
  { month: 'Jul', ads: 108_750, sales: 1_563_400 },
  { month: 'Ago', ads: 115_200, sales: 1_622_900 },
  { month: 'Set', ads: 121_900, sales: 1_688_350 },
  { month: 'Out', ads: 132_480, sales: 1_754_600 },
  { month: 'Nov', ads: 148_650, sales: 1_902_310 },
  { month: 'Dez', ads: 158_300, sales: 2_049_100 },
];
