/**
 * The demo grocery catalog of Supermercado Bom Preço (~2,000 products in 25 top-level categories),
 * generated from realistic Brazilian product types × fictional brands × pack sizes. Deterministic:
 * the same list on every run (SKUs, GTINs, prices), so the seed stays idempotent.
 */

export interface SeedProduct {
  sku: string;
  name: string;
  brand: string;
  categories: string[];
  priceCents: number;
  unit: 'un' | 'kg' | 'g' | 'l';
  sizePack: string | null;
  weightPerUnit: number | null;
  gtin: string;
  tags: string[];
}

/** [size as printed, price factor]. */
type Size = [string, number];
/** [top category, subcategory, product types, brands, sizes, base price in cents, unit, tags] */
type Line = [string, string, string[], string[], Size[], number, ('un' | 'kg')?, string[]?];

const W = (grams: number): Size => [grams >= 1000 ? `${grams / 1000}kg`.replace('.', ',') : `${grams}g`, grams / 1000];
const L = (ml: number): Size => [ml >= 1000 ? `${ml / 1000}L`.replace('.', ',') : `${ml}ml`, ml / 1000];
const U = (n: number, label = 'un'): Size => [`${n} ${label}`, n];
const KG: Size[] = [['kg', 1]];

const LINES: Line[] = [
  ['Mercearia', 'Arroz', ['Arroz Branco Tipo 1', 'Arroz Parboilizado Tipo 1', 'Arroz Integral', 'Arroz Arbóreo'], ['Tio João', 'Grão Bom', 'Prato Cheio', 'Camil Sul'], [W(1000), W(2000), W(5000)], 690, 'un', ['cesta básica']],
  ['Mercearia', 'Açúcar', ['Açúcar Refinado', 'Açúcar Cristal', 'Açúcar Mascavo', 'Açúcar Demerara'], ['Doce Vida', 'União Paulista', 'Guarani Doce'], [W(1000), W(2000), W(5000)], 499, 'un', ['cesta básica']],
  ['Mercearia', 'Café', ['Café Torrado e Moído Tradicional', 'Café Torrado e Moído Extraforte', 'Café Gourmet em Grãos', 'Café Descafeinado'], ['Café Aurora', 'Pilão Forte', 'Três Montanhas', 'Melitta Serra'], [W(250), W(500), W(1000)], 3290, 'un', ['café', 'café da manhã']],
  ['Mercearia', 'Óleos e Azeites', ['Óleo de Soja', 'Óleo de Girassol', 'Óleo de Canola', 'Azeite de Oliva Extravirgem'], ['Campo Sul', 'Liza Ouro', 'Oliva Real'], [L(500), L(900)], 890],
  ['Mercearia', 'Farináceos', ['Farinha de Trigo Tipo 1', 'Farinha de Mandioca Torrada', 'Fubá Mimoso', 'Farofa Pronta Temperada', 'Amido de Milho'], ['Dona Benta Sul', 'Yoki Campo', 'Sinhá Rosa'], [W(500), W(1000)], 620],
  ['Grãos', 'Feijão', ['Feijão Carioca Tipo 1', 'Feijão Preto Tipo 1', 'Feijão Fradinho', 'Feijão Branco', 'Feijão Rajado'], ['Grão Bom', 'Kicaldo Real', 'Tio João', 'Prato Cheio'], [W(500), W(1000), W(2000)], 899, 'un', ['cesta básica']],
  ['Grãos', 'Leguminosas e cereais', ['Lentilha', 'Grão-de-Bico', 'Ervilha Partida', 'Milho de Pipoca', 'Canjica Branca', 'Aveia em Flocos', 'Quinoa em Grãos', 'Chia em Grãos'], ['Grão Bom', 'Yoki Campo', 'Vida Natural'], [W(250), W(500)], 1090],
  ['Massas', 'Massas secas', ['Macarrão Espaguete', 'Macarrão Parafuso', 'Macarrão Penne', 'Macarrão Talharim', 'Macarrão Ave-Maria', 'Macarrão Letrinhas', 'Lasanha Pré-Cozida'], ['Nonna', 'Adria Bella', 'Renata Massas', 'Santa Amália'], [W(500), W(1000)], 459],
  ['Massas', 'Massas instantâneas', ['Macarrão Instantâneo Galinha', 'Macarrão Instantâneo Carne', 'Macarrão Instantâneo Legumes', 'Cup Noodles Frango'], ['Nissin Lámen', 'Miojo Express'], [W(80), U(3, 'un')], 249],
  ['Temperos', 'Molhos e condimentos', ['Molho de Tomate Tradicional', 'Extrato de Tomate', 'Catchup Tradicional', 'Maionese Tradicional', 'Mostarda Amarela', 'Molho Shoyu', 'Molho Inglês', 'Vinagre de Álcool'], ['Nonna', 'Quero Mais', 'Hellmann Sul', 'Castelo Real'], [W(340), W(500)], 429],
  ['Temperos', 'Sal e especiarias', ['Sal Refinado Iodado', 'Sal Grosso para Churrasco', 'Tempero Completo', 'Alho Triturado', 'Orégano Desidratado', 'Pimenta-do-Reino Moída', 'Colorau em Pó', 'Caldo de Galinha'], ['Kitano Sul', 'Sabor Caseiro', 'Cisne Branco'], [W(50), W(500), W(1000)], 390, 'un', ['churrasco']],
  ['Enlatados', 'Conservas', ['Milho Verde em Conserva', 'Ervilha em Conserva', 'Seleta de Legumes', 'Palmito Pupunha', 'Azeitona Verde sem Caroço', 'Pepino em Conserva'], ['Quero Mais', 'Predilecta Sul', 'Bonduelle Campo'], [W(170), W(300)], 449],
  ['Enlatados', 'Pescados e carnes', ['Sardinha em Óleo', 'Sardinha ao Molho de Tomate', 'Atum Sólido em Óleo', 'Atum Ralado', 'Salsicha em Lata', 'Carne Bovina em Conserva'], ['Gomes da Costa Mar', 'Coqueiro Azul', '88 Pescados'], [W(125), W(170), W(320)], 899],
  ['Matinais', 'Cereais e achocolatados', ['Cereal de Milho Açucarado', 'Granola Tradicional', 'Achocolatado em Pó', 'Cereal Matinal de Chocolate', 'Aveia Instantânea'], ['Nescau Sol', 'Toddy Real', 'Kellog Sul', 'Mãe Terra Viva'], [W(300), W(400), W(800)], 1190, 'un', ['café da manhã']],
  ['Matinais', 'Geleias e pastas', ['Geleia de Morango', 'Geleia de Uva', 'Creme de Avelã com Cacau', 'Pasta de Amendoim Integral', 'Mel de Abelha'], ['Queensberry Casa', 'Predilecta Sul', 'Vida Natural'], [W(250), W(320)], 1390, 'un', ['café da manhã']],
  ['Padaria', 'Pães', ['Pão de Forma Tradicional', 'Pão de Forma Integral', 'Pão de Hot Dog', 'Pão de Hambúrguer', 'Pão Sírio', 'Torrada Tradicional', 'Bisnaguinha'], ['Pullman Casa', 'Wickbold Sul', 'Padaria Bom Preço', 'Seven Boys Real'], [W(300), W(500)], 899, 'un', ['café da manhã', 'padaria']],
  ['Padaria', 'Pães a granel', ['Pão Francês', 'Pão de Queijo', 'Pão Italiano', 'Pão de Leite', 'Broa de Milho'], ['Padaria Bom Preço'], KG, 1690, 'kg', ['café da manhã', 'padaria']],
  ['Padaria', 'Bolos', ['Bolo de Fubá', 'Bolo de Chocolate', 'Bolo de Cenoura', 'Bolo de Laranja', 'Bolo de Milho'], ['Padaria Bom Preço', 'Pullman Casa', 'Ana Maria Doces'], [W(250), W(400)], 1290, 'un', ['café da manhã', 'padaria']],
  ['Frios e Laticínios', 'Leite', ['Leite Integral', 'Leite Semidesnatado', 'Leite Desnatado', 'Leite Zero Lactose', 'Leite em Pó Integral'], ['Serra Verde', 'Italac Sul', 'Piracanjuba Real', 'Parmalat Campo'], [L(1000)], 549, 'un', ['café da manhã', 'cesta básica']],
  ['Frios e Laticínios', 'Queijos', ['Queijo Muçarela Fatiado', 'Queijo Prato Fatiado', 'Queijo Minas Frescal', 'Queijo Parmesão Ralado', 'Requeijão Cremoso', 'Cream Cheese'], ['Serra Verde', 'Tirolez Sul', 'Polenghi Real', 'Vigor Campo'], [W(150), W(200), W(500)], 1290],
  ['Frios e Laticínios', 'Iogurtes e manteigas', ['Iogurte Natural', 'Iogurte Grego Tradicional', 'Bebida Láctea de Morango', 'Manteiga com Sal', 'Manteiga sem Sal', 'Margarina com Sal'], ['Serra Verde', 'Danone Sul', 'Batavo Campo', 'Qualy Real'], [W(170), W(200), W(500)], 490],
  ['Frios e Laticínios', 'Frios', ['Presunto Cozido Fatiado', 'Peito de Peru Defumado', 'Mortadela Tradicional', 'Salame Italiano', 'Apresuntado Fatiado'], ['Sadia Sul', 'Perdigão Campo', 'Seara Real'], [W(100), W(200)], 890],
  ['Frios e Laticínios', 'Ovos', ['Ovos Brancos Grandes', 'Ovos Vermelhos Grandes', 'Ovos Caipira', 'Ovos de Codorna'], ['Granja Feliz', 'Mantiqueira Ovos', 'Yabuta Campo'], [['Dúzia', 12], U(30)], 110, 'un', ['café da manhã', 'cesta básica']],
  ['Açougue', 'Bovinos', ['Alcatra Bovina', 'Patinho Bovino', 'Acém Bovino', 'Fraldinha Bovina', 'Costela Bovina', 'Carne Moída de Primeira', 'Maminha Bovina', 'Cupim Bovino'], ['Boi Nobre', 'Friboi Campo'], KG, 4290, 'kg', ['churrasco']],
  ['Açougue', 'Aves', ['Peito de Frango', 'Coxa e Sobrecoxa de Frango', 'Asa de Frango', 'Filé de Peito de Frango', 'Coração de Frango'], ['Granja Feliz', 'Sadia Sul', 'Seara Real'], KG, 1890, 'kg', ['churrasco']],
  ['Açougue', 'Suínos e linguiças', ['Lombo Suíno', 'Bisteca Suína', 'Costelinha Suína', 'Linguiça Calabresa', 'Linguiça de Frango', 'Bacon em Cubos'], ['Granja Feliz', 'Aurora Carnes', 'Perdigão Campo'], KG, 2490, 'kg', ['churrasco']],
  ['Hortifrúti', 'Frutas', ['Banana Nanica', 'Maçã Fuji', 'Laranja Pera', 'Mamão Formosa', 'Manga Palmer', 'Melancia', 'Abacaxi Pérola', 'Limão Tahiti', 'Uva Thompson', 'Pera Williams', 'Morango', 'Abacate'], ['Hortifrúti'], KG, 699, 'kg'],
  ['Hortifrúti', 'Legumes', ['Cebola', 'Alho', 'Cenoura', 'Batata Doce', 'Abobrinha', 'Berinjela', 'Pimentão Verde', 'Chuchu', 'Beterraba', 'Mandioca', 'Pepino Japonês', 'Tomate Cereja'], ['Hortifrúti'], KG, 599, 'kg'],
  ['Hortaliças orgânicas', 'Folhas e ervas', ['Alface Americana Orgânica', 'Rúcula Orgânica', 'Couve Manteiga Orgânica', 'Agrião Orgânico', 'Espinafre Orgânico', 'Cheiro-Verde Orgânico', 'Manjericão Orgânico', 'Hortelã Orgânica'], ['Sítio Boa Terra', 'Horta Viva'], [U(1, 'maço')], 449, 'un', ['orgânico']],
  ['Hortaliças orgânicas', 'Legumes orgânicos', ['Tomate Orgânico', 'Cenoura Orgânica', 'Batata Orgânica', 'Abobrinha Orgânica', 'Brócolis Orgânico'], ['Sítio Boa Terra', 'Horta Viva'], [W(500)], 899, 'un', ['orgânico']],
  ['Bebidas', 'Refrigerantes', ['Refrigerante Cola', 'Refrigerante Guaraná', 'Refrigerante Laranja', 'Refrigerante Limão', 'Refrigerante Cola Zero', 'Água Tônica'], ['Refresco Brasil', 'Guaraná Amazonas', 'Kuat Sul'], [L(350), L(2000)], 899, 'un', ['bebida gelada']],
  ['Bebidas', 'Sucos e águas', ['Suco de Uva Integral', 'Suco de Laranja Integral', 'Néctar de Pêssego', 'Néctar de Manga', 'Água Mineral sem Gás', 'Água Mineral com Gás', 'Água de Coco', 'Chá Gelado de Limão'], ['Pomar', 'Fonte Clara', 'Del Valle Sul', 'Kero Coco Real'], [L(500), L(1000), L(1500)], 699],
  ['Cervejas', 'Cervejas', ['Cerveja Pilsen', 'Cerveja Puro Malte', 'Cerveja Sem Álcool', 'Cerveja Weiss', 'Cerveja IPA', 'Cerveja Lager Premium'], ['Cervejaria Paulista', 'Lúpulo Bravo', 'Serra Gaúcha Bier', 'Itaipava Sul'], [L(350), L(473), L(600)], 449, 'un', ['churrasco', 'bebida gelada']],
  ['Vinhos', 'Vinhos', ['Vinho Tinto Cabernet Sauvignon', 'Vinho Tinto Merlot', 'Vinho Tinto Malbec', 'Vinho Branco Chardonnay', 'Vinho Branco Sauvignon Blanc', 'Vinho Rosé', 'Espumante Brut', 'Vinho Tinto Suave'], ['Valle Andino', 'Quinta do Vale', 'Casa Perini Sul', 'Miolo Serra'], [L(750)], 4490],
  ['Limpeza', 'Roupas', ['Sabão em Pó', 'Sabão Líquido para Roupas', 'Amaciante Concentrado', 'Alvejante sem Cloro', 'Sabão em Barra'], ['Limpeza Total', 'Omo Lar', 'Ypê Casa', 'Brilhante Sul'], [W(1000), L(2000), L(3000)], 1990],
  ['Limpeza', 'Casa e cozinha', ['Detergente Líquido Neutro', 'Desinfetante Lavanda', 'Água Sanitária', 'Limpador Multiuso', 'Esponja Dupla Face', 'Lustra-Móveis', 'Limpa Vidros', 'Saco de Lixo 50L'], ['Limpeza Total', 'Ypê Casa', 'Veja Lar', 'Bombril Sul'], [L(500), L(1000), L(2000)], 349],
  ['Higiene', 'Cabelos e banho', ['Shampoo Hidratação', 'Condicionador Hidratação', 'Sabonete em Barra', 'Sabonete Líquido', 'Desodorante Aerossol', 'Desodorante Roll-On'], ['Bela Flor', 'Seda Sul', 'Dove Campo', 'Rexona Real'], [L(150), L(350), U(4)], 1290],
  ['Higiene', 'Higiene bucal e papel', ['Creme Dental Menta', 'Creme Dental Branqueador', 'Escova Dental Macia', 'Enxaguante Bucal', 'Fio Dental', 'Papel Higiênico Folha Dupla', 'Lenço de Papel', 'Absorvente com Abas'], ['Sorriso', 'Colgate Sul', 'Maciez', 'Neve Real'], [U(1), U(4, 'rolos'), U(12, 'rolos')], 449],
  ['Pet', 'Cães e gatos', ['Ração para Cães Adultos', 'Ração para Cães Filhotes', 'Ração para Gatos Adultos', 'Ração para Gatos Castrados', 'Petisco para Cães', 'Areia Higiênica para Gatos', 'Sachê para Gatos'], ['Amigo Fiel', 'Pedigree Sul', 'Whiskas Lar', 'Golden Pet'], [W(85), W(1000), W(3000), W(10000)], 1990],
  ['Bebê', 'Fraldas e cuidados', ['Fralda Descartável P', 'Fralda Descartável M', 'Fralda Descartável G', 'Fralda Descartável XG', 'Lenço Umedecido', 'Pomada para Assaduras', 'Shampoo Infantil', 'Sabonete Infantil'], ['Turma da Mônica Baby', 'Pampers Sul', 'Huggies Lar', 'Johnson Baby Real'], [U(24), U(48), U(96)], 1490],
  ['Bebê', 'Alimentação infantil', ['Papinha de Frutas', 'Papinha de Legumes com Carne', 'Cereal Infantil de Arroz', 'Fórmula Infantil 1', 'Leite em Pó Infantil'], ['Nestlé Baby', 'Mucilon Sul', 'Aptamil Lar'], [W(120), W(400), W(800)], 1290],
  ['Congelados', 'Pratos prontos', ['Lasanha à Bolonhesa', 'Lasanha Quatro Queijos', 'Pizza de Muçarela', 'Pizza de Calabresa', 'Hambúrguer Bovino', 'Nuggets de Frango', 'Empanado de Frango', 'Batata Pré-Frita'], ['Sadia Sul', 'Perdigão Campo', 'Seara Real', 'McCain Campo'], [W(300), W(600), W(1000)], 1690],
  ['Congelados', 'Sorvetes e vegetais', ['Sorvete de Creme', 'Sorvete de Chocolate', 'Sorvete Napolitano', 'Polpa de Fruta Acerola', 'Polpa de Fruta Maracujá', 'Brócolis Congelado', 'Ervilha Congelada', 'Pão de Queijo Congelado'], ['Kibon Sul', 'Nestlé Gelados', 'De Marchi Polpas', 'Forno de Minas Real'], [W(400), L(1500), L(2000)], 1490],
  ['Doces e Sobremesas', 'Doces', ['Chocolate ao Leite', 'Chocolate Meio Amargo', 'Bombom Sortido', 'Doce de Leite', 'Goiabada Cascão', 'Paçoca de Amendoim', 'Leite Condensado', 'Creme de Leite'], ['Garoto Sul', 'Lacta Real', 'Nestlé Doces', 'Piracanjuba Real'], [W(90), W(250), W(395)], 699],
  ['Doces e Sobremesas', 'Sobremesas', ['Gelatina de Morango', 'Gelatina de Uva', 'Pudim de Leite em Pó', 'Mistura para Bolo de Chocolate', 'Mistura para Bolo de Baunilha', 'Chantilly', 'Granulado de Chocolate'], ['Dr. Oetker Sul', 'Fleischmann Lar', 'Royal Casa'], [W(25), W(400)], 399],
  ['Biscoitos', 'Biscoitos', ['Biscoito Recheado Chocolate', 'Biscoito Recheado Morango', 'Biscoito Cream Cracker', 'Biscoito Água e Sal', 'Biscoito Maisena', 'Biscoito Wafer Chocolate', 'Biscoito Rosquinha de Coco', 'Cookies com Gotas de Chocolate'], ['Crocante', 'Marilan Sul', 'Vitarella Real', 'Piraquê Lar'], [W(140), W(200), W(400)], 349],
  ['Snacks', 'Salgadinhos', ['Batata Chips Original', 'Batata Palha Tradicional', 'Salgadinho de Milho Queijo', 'Amendoim Japonês', 'Pipoca de Micro-ondas Manteiga', 'Torcida de Cebola', 'Mix de Castanhas'], ['Elma Sul', 'Yoki Campo', 'Pringles Real', 'Dori Lar'], [W(50), W(100), W(200)], 699],
  ['Utilidades', 'Utilidades domésticas', ['Papel Alumínio', 'Filme PVC', 'Filtro de Papel para Café 103', 'Guardanapo de Papel', 'Copo Descartável 200ml', 'Pilha Alcalina AA', 'Fósforo Longo', 'Vela de Aniversário'], ['Wyda Lar', 'Melitta Serra', 'Duracell Sul', 'Casa Prática'], [U(1), U(4), U(50)], 499],
  ['Saudáveis', 'Naturais e integrais', ['Barra de Cereal Castanha', 'Barra de Proteína Chocolate', 'Granola sem Açúcar', 'Biscoito de Arroz Integral', 'Pasta de Amendoim com Whey', 'Leite de Amêndoas', 'Bebida de Aveia', 'Chá Verde em Sachê'], ['Vida Natural', 'Mãe Terra Viva', 'Nutry Sul', 'Jasmine Real'], [W(25), W(150), L(1000)], 899, 'un', ['saudável']],
  ['Importados', 'Importados', ['Azeite Português Extravirgem', 'Massa Italiana Grano Duro', 'Queijo Grana Padano', 'Chocolate Suíço ao Leite', 'Molho Pesto Genovês', 'Biscoito Amanteigado Dinamarquês', 'Tomate Pelado Italiano', 'Mostarda Dijon'], ['Gallo Lusitano', 'Barilla Itália', 'Lindt Suíça', 'Royal Dansk Casa'], [W(200), W(500), L(500)], 2490, 'un', ['importado']],
];

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/** A deterministic 0..1 value from a text (FNV-1a), for prices, stock and promotions that do not change between runs. */
export function unitHash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0) / 0xffffffff;
}

/** A GTIN-13 of Brazil's prefix (789) with its check digit. */
export function gtin13(n: number): string {
  const body = `789${String(n).padStart(9, '0')}`;
  const sum = [...body].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return `${body}${(10 - (sum % 10)) % 10}`;
}

/** A price as shelves show it: ending in 9 cents. */
export const shelfPrice = (cents: number) => Math.max(99, Math.round(cents / 10) * 10 - 1);

/** A top category's colour (the generated products' pictures). */
const COLORS = ['#e8590c', '#2f9e44', '#c92a2a', '#f08c00', '#1971c2', '#0c8599', '#5f3dc4', '#d6336c', '#495057', '#66a80f'];

/** A product picture the app needs no network for: an inline SVG with the category's colour and the product's initials. */
export function productImage(top: string, name: string): string {
  const color = COLORS[Math.floor(unitHash(top) * COLORS.length)]!;
  const initials = name
    .split(/\s+/)
    .filter((w) => /^[A-ZÀ-Ú]/.test(w))
    .slice(0, 2)
    .map((w) => w[0])
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="160" viewBox="0 0 160 160"><rect width="160" height="160" rx="24" fill="${color}"/><text x="80" y="98" font-family="sans-serif" font-size="56" font-weight="700" fill="#fff" text-anchor="middle">${initials}</text></svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The generated catalog (at most `perLine` products per line), SKUs unique. */
export function generatedCatalog(perLine = 48): SeedProduct[] {
  const out: SeedProduct[] = [];
  const seen = new Set<string>();
  let n = 1000;
  for (const [top, sub, types, brands, sizes, base, unit = 'un', tags = []] of LINES) {
    let count = 0;
    for (const size of sizes) {
      for (const type of types) {
        for (const brand of brands) {
          if (count >= perLine) break;
          const kg = unit === 'kg';
          const name = kg ? (brand === 'Hortifrúti' || brand === 'Padaria Bom Preço' ? type : `${type} ${brand}`) : `${type} ${brand} ${size[0]}`;
          const sku = slug(kg ? name : `${type}-${brand}-${size[0]}`);
          if (seen.has(sku)) continue;
          seen.add(sku);
          count++;
          n++;
          const jitter = 0.85 + unitHash(sku) * 0.4;
          out.push({
            sku,
            name,
            brand,
            categories: [top, sub],
            priceCents: shelfPrice(base * (kg ? 1 : Math.max(0.35, size[1])) * jitter),
            unit,
            sizePack: kg ? null : size[0],
            weightPerUnit: kg ? (/pão francês/i.test(type) ? 0.05 : null) : null,
            gtin: gtin13(n),
            tags,
          });
        }
      }
    }
  }
  return out;
}
