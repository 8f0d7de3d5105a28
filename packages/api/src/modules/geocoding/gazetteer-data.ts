/**
 * The offline gazetteer: the cities of the demo stores (São Paulo, Campinas, Santo André, Guarulhos,
 * Osasco), their neighbourhoods and the streets around the stores, each with a CEP of the street
 * and a point on it. Street-level precision: a number is not interpolated along the street.
 */
export interface GazetteerCity {
  city: string;
  state: string;
  lat: number;
  lng: number;
}

export interface GazetteerNeighborhood {
  neighborhood: string;
  city: string;
  lat: number;
  lng: number;
}

export interface GazetteerStreet {
  zip: string;
  street: string;
  neighborhood: string;
  city: string;
  lat: number;
  lng: number;
}

export const CITIES: GazetteerCity[] = [
  { city: 'São Paulo', state: 'SP', lat: -23.5505, lng: -46.6333 },
  { city: 'Campinas', state: 'SP', lat: -22.9056, lng: -47.0608 },
  { city: 'Santo André', state: 'SP', lat: -23.6572, lng: -46.5311 },
  { city: 'Guarulhos', state: 'SP', lat: -23.4628, lng: -46.5333 },
  { city: 'Osasco', state: 'SP', lat: -23.5325, lng: -46.7917 },
];

type N = [neighborhood: string, lat: number, lng: number];
const neighborhoods = (city: string, rows: N[]): GazetteerNeighborhood[] => rows.map(([neighborhood, lat, lng]) => ({ neighborhood, city, lat, lng }));

export const NEIGHBORHOODS: GazetteerNeighborhood[] = [
  ...neighborhoods('São Paulo', [
    ['Pinheiros', -23.5667, -46.6922],
    ['Vila Madalena', -23.5535, -46.6903],
    ['Jardim Paulistano', -23.5775, -46.6870],
    ['Jardim Paulista', -23.5705, -46.6600],
    ['Itaim Bibi', -23.5847, -46.6782],
    ['Vila Olímpia', -23.5958, -46.6853],
    ['Moema', -23.6010, -46.6642],
    ['Vila Nova Conceição', -23.5900, -46.6700],
    ['Campo Belo', -23.6228, -46.6700],
    ['Brooklin', -23.6150, -46.6885],
    ['Saúde', -23.6180, -46.6380],
    ['Vila Mariana', -23.5890, -46.6340],
    ['Paraíso', -23.5760, -46.6420],
    ['Aclimação', -23.5722, -46.6310],
    ['Liberdade', -23.5587, -46.6336],
    ['Bela Vista', -23.5600, -46.6480],
    ['Consolação', -23.5530, -46.6580],
    ['Higienópolis', -23.5455, -46.6575],
    ['Centro', -23.5480, -46.6360],
    ['República', -23.5440, -46.6425],
    ['Sé', -23.5503, -46.6340],
    ['Cambuci', -23.5660, -46.6200],
    ['Mooca', -23.5598, -46.5990],
    ['Belém', -23.5400, -46.5920],
    ['Brás', -23.5440, -46.6160],
    ['Tatuapé', -23.5403, -46.5760],
    ['Vila Gomes Cardim', -23.5470, -46.5640],
    ['Carrão', -23.5500, -46.5430],
    ['Vila Formosa', -23.5620, -46.5490],
    ['Anália Franco', -23.5565, -46.5600],
    ['Penha', -23.5250, -46.5430],
    ['Santana', -23.5000, -46.6270],
    ['Tucuruvi', -23.4800, -46.6030],
    ['Casa Verde', -23.5100, -46.6600],
    ['Vila Guilherme', -23.5090, -46.6020],
    ['Perdizes', -23.5362, -46.6780],
    ['Pompeia', -23.5300, -46.6860],
    ['Sumaré', -23.5470, -46.6790],
    ['Barra Funda', -23.5260, -46.6660],
    ['Água Branca', -23.5240, -46.6840],
    ['Lapa', -23.5220, -46.7040],
    ['Vila Leopoldina', -23.5290, -46.7300],
    ['Alto de Pinheiros', -23.5530, -46.7110],
    ['Butantã', -23.5713, -46.7083],
    ['Rio Pequeno', -23.5680, -46.7480],
    ['Morumbi', -23.6000, -46.7200],
    ['Ipiranga', -23.5860, -46.6080],
    ['Vila Prudente', -23.5840, -46.5800],
  ]),
  ...neighborhoods('Campinas', [
    ['Cambuí', -22.8930, -47.0510],
    ['Centro', -22.9060, -47.0610],
    ['Guanabara', -22.8900, -47.0680],
    ['Botafogo', -22.8990, -47.0710],
    ['Nova Campinas', -22.8990, -47.0430],
    ['Taquaral', -22.8710, -47.0520],
    ['Barão Geraldo', -22.8180, -47.0850],
  ]),
  ...neighborhoods('Santo André', [
    ['Centro', -23.6560, -46.5330],
    ['Jardim', -23.6570, -46.5270],
    ['Vila Assunção', -23.6670, -46.5220],
    ['Campestre', -23.6430, -46.5350],
    ['Vila Bastos', -23.6520, -46.5260],
  ]),
  ...neighborhoods('Guarulhos', [
    ['Centro', -23.4680, -46.5330],
    ['Jardim Cumbica', -23.4540, -46.5220],
    ['Macedo', -23.4760, -46.5440],
    ['Vila Augusta', -23.4630, -46.5460],
    ['Jardim Maia', -23.4580, -46.5590],
    ['Bonsucesso', -23.4330, -46.4100],
  ]),
  ...neighborhoods('Osasco', [
    ['Centro', -23.5320, -46.7770],
    ['Vila Yara', -23.5350, -46.7930],
    ['Presidente Altino', -23.5270, -46.7640],
    ['Bela Vista', -23.5420, -46.7820],
    ['Km 18', -23.5530, -46.7920],
  ]),
];

type S = [zip: string, street: string, neighborhood: string, lat: number, lng: number];
const streets = (city: string, rows: S[]): GazetteerStreet[] => rows.map(([zip, street, neighborhood, lat, lng]) => ({ zip, street, neighborhood, city, lat, lng }));

export const STREETS: GazetteerStreet[] = [
  ...streets('São Paulo', [
    // Pinheiros, Vila Madalena
    ['05422-001', 'Rua dos Pinheiros', 'Pinheiros', -23.5653, -46.6856],
    ['05405-000', 'Rua Teodoro Sampaio', 'Pinheiros', -23.5590, -46.6800],
    ['05407-000', 'Rua Cardeal Arcoverde', 'Pinheiros', -23.5600, -46.6840],
    ['05416-000', 'Rua Fradique Coutinho', 'Pinheiros', -23.5600, -46.6890],
    ['05424-000', 'Rua Butantã', 'Pinheiros', -23.5690, -46.6950],
    ['05425-070', 'Rua Paes Leme', 'Pinheiros', -23.5670, -46.6950],
    ['05426-100', 'Avenida Brigadeiro Faria Lima', 'Pinheiros', -23.5700, -46.6920],
    ['05409-000', 'Rua Joaquim Antunes', 'Pinheiros', -23.5640, -46.6800],
    ['05433-010', 'Rua Aspicuelta', 'Vila Madalena', -23.5560, -46.6900],
    ['05435-000', 'Rua Harmonia', 'Vila Madalena', -23.5550, -46.6890],
    // Itaim Bibi, Vila Olímpia
    ['04534-000', 'Rua Joaquim Floriano', 'Itaim Bibi', -23.5840, -46.6760],
    ['04533-000', 'Rua Tabapuã', 'Itaim Bibi', -23.5850, -46.6790],
    ['04538-132', 'Avenida Brigadeiro Faria Lima', 'Itaim Bibi', -23.5860, -46.6830],
    ['04551-000', 'Rua Gomes de Carvalho', 'Vila Olímpia', -23.5950, -46.6860],
    // Moema, Vila Nova Conceição
    ['04028-001', 'Avenida Ibirapuera', 'Moema', -23.6019, -46.6651],
    ['04077-020', 'Avenida Moema', 'Moema', -23.6000, -46.6620],
    ['04089-001', 'Alameda dos Maracatins', 'Moema', -23.6070, -46.6680],
    ['04521-000', 'Rua Canário', 'Moema', -23.6020, -46.6730],
    ['04515-001', 'Avenida Sabiá', 'Moema', -23.5980, -46.6690],
    ['04080-010', 'Avenida Jurucê', 'Moema', -23.6040, -46.6620],
    ['04506-000', 'Rua Afonso Braz', 'Vila Nova Conceição', -23.5920, -46.6710],
    // Vila Mariana, Paraíso, Saúde
    ['04010-100', 'Rua Domingos de Morais', 'Vila Mariana', -23.5880, -46.6370],
    ['04101-000', 'Rua Vergueiro', 'Vila Mariana', -23.5800, -46.6390],
    ['04014-011', 'Avenida Conselheiro Rodrigues Alves', 'Vila Mariana', -23.5870, -46.6320],
    ['04117-091', 'Rua Santa Cruz', 'Vila Mariana', -23.5950, -46.6330],
    ['04002-000', 'Rua Tutóia', 'Paraíso', -23.5780, -46.6470],
    ['04145-000', 'Avenida Jabaquara', 'Saúde', -23.6180, -46.6390],
    // Centro, Bela Vista, Consolação
    ['01002-000', 'Rua Direita', 'Sé', -23.5480, -46.6360],
    ['01013-000', 'Rua Quinze de Novembro', 'Centro', -23.5465, -46.6340],
    ['01035-000', 'Avenida São João', 'Centro', -23.5430, -46.6400],
    ['01042-000', 'Rua Barão de Itapetininga', 'República', -23.5450, -46.6400],
    ['01310-100', 'Avenida Paulista', 'Bela Vista', -23.5613, -46.6560],
    ['01305-000', 'Rua Augusta', 'Consolação', -23.5530, -46.6530],
    ['01302-000', 'Rua da Consolação', 'Consolação', -23.5500, -46.6500],
    // Mooca, Belém, Tatuapé
    ['03104-000', 'Rua da Mooca', 'Mooca', -23.5560, -46.6050],
    ['03124-000', 'Rua Juventus', 'Mooca', -23.5580, -46.5940],
    ['03114-000', 'Avenida Paes de Barros', 'Mooca', -23.5580, -46.5880],
    ['03064-000', 'Avenida Celso Garcia', 'Belém', -23.5390, -46.5850],
    ['03081-000', 'Rua Tuiuti', 'Tatuapé', -23.5403, -46.5762],
    ['03310-000', 'Rua Itapura', 'Tatuapé', -23.5420, -46.5690],
    ['03318-000', 'Rua Serra de Bragança', 'Tatuapé', -23.5450, -46.5690],
    ['03401-000', 'Rua Antônio de Barros', 'Tatuapé', -23.5470, -46.5640],
    ['03065-000', 'Rua Apucarana', 'Tatuapé', -23.5400, -46.5700],
    ['03303-000', 'Rua Emília Marengo', 'Tatuapé', -23.5510, -46.5610],
    // Santana, Tucuruvi
    ['02401-000', 'Rua Voluntários da Pátria', 'Santana', -23.4997, -46.6263],
    ['02013-001', 'Rua Doutor César', 'Santana', -23.5010, -46.6290],
    ['02031-000', 'Avenida Cruzeiro do Sul', 'Santana', -23.5080, -46.6250],
    ['02017-010', 'Rua Alfredo Pujol', 'Santana', -23.4960, -46.6310],
    ['02307-000', 'Avenida Tucuruvi', 'Tucuruvi', -23.4800, -46.6030],
    // Perdizes, Pompeia, Lapa
    ['05013-000', 'Rua Cardoso de Almeida', 'Perdizes', -23.5370, -46.6720],
    ['05005-000', 'Rua Turiassu', 'Perdizes', -23.5310, -46.6770],
    ['05016-090', 'Avenida Sumaré', 'Perdizes', -23.5410, -46.6790],
    ['05014-000', 'Rua Monte Alegre', 'Perdizes', -23.5380, -46.6710],
    ['05024-000', 'Avenida Pompeia', 'Pompeia', -23.5330, -46.6870],
    ['05042-000', 'Rua Clélia', 'Água Branca', -23.5260, -46.6920],
    ['05073-000', 'Rua Doze de Outubro', 'Lapa', -23.5230, -46.7020],
    ['05033-000', 'Rua Guaicurus', 'Lapa', -23.5260, -46.6980],
    ['05069-000', 'Rua Catão', 'Lapa', -23.5250, -46.7030],
    // Butantã
    ['05503-000', 'Avenida Vital Brasil', 'Butantã', -23.5690, -46.7130],
    ['05509-000', 'Rua Alvarenga', 'Butantã', -23.5750, -46.7080],
    ['05582-000', 'Avenida Corifeu de Azevedo Marques', 'Butantã', -23.5720, -46.7230],
  ]),
  ...streets('Campinas', [
    ['13025-001', 'Rua Coronel Quirino', 'Cambuí', -22.8945, -47.0503],
    ['13025-151', 'Rua Maria Monteiro', 'Cambuí', -22.8930, -47.0530],
    ['13025-320', 'Avenida José de Souza Campos', 'Cambuí', -22.8960, -47.0470],
    ['13015-001', 'Rua Barão de Jaguara', 'Centro', -22.9050, -47.0600],
    ['13012-000', 'Avenida Francisco Glicério', 'Centro', -22.9060, -47.0620],
    ['13020-431', 'Avenida Barão de Itapura', 'Guanabara', -22.8940, -47.0660],
  ]),
  ...streets('Santo André', [
    ['09040-001', 'Avenida Portugal', 'Centro', -23.6639, -46.5383],
    ['09010-000', 'Rua Coronel Oliveira Lima', 'Centro', -23.6550, -46.5320],
    ['09080-510', 'Avenida Industrial', 'Jardim', -23.6560, -46.5260],
    ['09080-300', 'Rua das Figueiras', 'Jardim', -23.6580, -46.5290],
  ]),
  ...streets('Guarulhos', [
    ['07034-000', 'Rodovia Presidente Dutra', 'Jardim Cumbica', -23.4538, -46.5333],
    ['07011-000', 'Rua Dom Pedro II', 'Centro', -23.4660, -46.5330],
    ['07090-000', 'Avenida Tiradentes', 'Centro', -23.4690, -46.5300],
    ['07115-000', 'Avenida Salgado Filho', 'Macedo', -23.4710, -46.5390],
    ['07112-000', 'Avenida Monteiro Lobato', 'Macedo', -23.4750, -46.5430],
  ]),
  ...streets('Osasco', [
    ['06020-010', 'Avenida dos Autonomistas', 'Vila Yara', -23.5329, -46.7917],
    ['06013-000', 'Rua Antônio Agú', 'Centro', -23.5330, -46.7770],
    ['06016-000', 'Rua Primitiva Vianco', 'Centro', -23.5340, -46.7790],
    ['06110-000', 'Avenida Maria Campos', 'Bela Vista', -23.5420, -46.7810],
  ]),
];
