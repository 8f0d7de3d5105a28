/** Why payments are refused, in the hub's own codes, with what the store tells the customer. */
export interface RefusalInfo {
  reason: string;
  advice: string;
  /** A new attempt (another card, another method) may succeed. */
  canRetry: boolean;
}

export const REFUSALS: Readonly<Record<string, RefusalInfo>> = {
  card_declined: {
    reason: 'Cartão recusado pelo emissor.',
    advice: 'Peça ao cliente outro cartão ou outra forma de pagamento, ou que fale com o banco emissor.',
    canRetry: true,
  },
  insufficient_funds: {
    reason: 'Saldo ou limite insuficiente.',
    advice: 'Peça ao cliente outro cartão, menos parcelas ou Pix.',
    canRetry: true,
  },
  invalid_cvv: {
    reason: 'Código de segurança (CVV) incorreto.',
    advice: 'Confira o código de segurança com o cliente e tente de novo.',
    canRetry: true,
  },
  expired_card: { reason: 'Cartão vencido ou data de validade incorreta.', advice: 'Confira a validade ou use outro cartão.', canRetry: true },
  call_for_authorize: {
    reason: 'O emissor pede que o cliente autorize o pagamento.',
    advice: 'O cliente deve ligar para o banco emissor, autorizar a compra e tentar de novo.',
    canRetry: true,
  },
  high_risk: {
    reason: 'Pagamento recusado pela análise de risco.',
    advice: 'Ofereça Pix ou pagamento na entrega; não insista com o mesmo cartão.',
    canRetry: true,
  },
  card_disabled: { reason: 'Cartão bloqueado ou desabilitado.', advice: 'Peça ao cliente outro cartão.', canRetry: true },
  duplicated_payment: { reason: 'Pagamento repetido recusado pelo emissor.', advice: 'Confira se já existe um pagamento deste pedido antes de tentar de novo.', canRetry: true },
  max_attempts: { reason: 'Tentativas demais com este cartão.', advice: 'Use outro cartão ou outra forma de pagamento.', canRetry: true },
  expired: { reason: 'O prazo para pagar expirou (Pix ou boleto não pago).', advice: 'Gere uma nova cobrança.', canRetry: true },
  provider_unavailable: {
    reason: 'O provedor de pagamento não respondeu.',
    advice: 'Tente de novo em alguns minutos; nada foi cobrado.',
    canRetry: true,
  },
  other: { reason: 'Pagamento recusado.', advice: 'Tente outra forma de pagamento ou fale com o banco emissor.', canRetry: true },
};

/** The refusal's description (an unknown code reads as a plain refusal). */
export const describeRefusal = (code: string): RefusalInfo => REFUSALS[code] ?? REFUSALS.other!;
