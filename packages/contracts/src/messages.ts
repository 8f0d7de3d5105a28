/**
 * The validation messages the contracts write themselves (refinements, `ctx.addIssue`, a rule's own
 * message), in pt-BR and English, in this one place. A schema writes `msg('KEY')`, which is the
 * pt-BR text: the web forms show it as is, and the API words it in the request's language with
 * `contractMessageIn` (the pt-BR text is the message's identity, as a gettext msgid, because zod keeps
 * only the text of an issue). `{placeholders}` are filled from `msg`'s parameters; an English
 * template may leave out a pt-BR one (a Portuguese label, say).
 */
export const CONTRACT_MESSAGES = {
  PASSWORD_RULE: {
    'pt-BR': 'A senha deve ter ao menos 8 caracteres, com letras e números.',
    en: 'The password must have at least 8 characters, with letters and digits.',
  },
  END_DATE_BEFORE_START: {
    'pt-BR': 'A data final deve ser igual ou posterior à inicial.',
    en: 'The end date must be the same as or later than the start date.',
  },
  END_BEFORE_START: {
    'pt-BR': 'A data final deve ser igual ou posterior à de início.',
    en: 'The end date must be the same as or later than the start date.',
  },
  // ad decision
  AD_TYPES_REQUIRED: { 'pt-BR': 'Informe ao menos um tipo de anúncio.', en: 'Provide at least one ad type.' },
  PLACEMENTS_COUNT: { 'pt-BR': 'Informe de 1 a 20 posicionamentos.', en: 'Provide from 1 to 20 placements.' },
  SEARCH_TERM_REQUIRED: { 'pt-BR': 'Informe o termo buscado (term).', en: 'Provide the searched term (term).' },
  PRODUCT_SKU_REQUIRED: { 'pt-BR': 'Informe o SKU do produto (product_sku).', en: "Provide the product's SKU (product_sku)." },
  BRAND_NAME_REQUIRED: { 'pt-BR': 'Informe a marca (brand_name).', en: 'Provide the brand (brand_name).' },
  CATEGORY_NAME_REQUIRED: { 'pt-BR': 'Informe a categoria (category_name).', en: 'Provide the category (category_name).' },
  CATEGORY_NAME_SINGLE: {
    'pt-BR': 'Informe uma única categoria, com o caminho completo (ex.: "Mercearia > Café").',
    en: 'Provide a single category, with its full path (e.g. "Grocery > Coffee").',
  },
  BANNER_SIZE_REQUIRED: { 'pt-BR': 'Informe o tamanho (size) do banner.', en: "Provide the banner's size (size)." },
  DEVICE_ID_REQUIRED: { 'pt-BR': 'Informe o dispositivo (device_id).', en: 'Provide the device (device_id).' },
  STORE_NAME_REQUIRED: { 'pt-BR': 'Informe a loja do dispositivo (store_name).', en: "Provide the device's store (store_name)." },
  PLACEMENT_NAME_RESERVED: {
    'pt-BR': 'Este nome é usado pela resposta (request_id, query_id, query_at); escolha outro nome de posicionamento.',
    en: 'This name is used by the answer (request_id, query_id, query_at); choose another placement name.',
  },
  PUBLISHER_ID_REQUIRED: {
    'pt-BR': 'Informe o publisher_id (ou envie a chave de API do publisher).',
    en: "Provide publisher_id (or send the publisher's API key).",
  },
  // ads and flyers
  MEDIA_URL_FROM_UPLOAD: {
    'pt-BR': 'Use o endereço devolvido pelo envio de mídia (/uploads/…).',
    en: 'Use the address returned by the media upload (/uploads/…).',
  },
  HTTP_ADDRESS: { 'pt-BR': 'Informe um endereço que comece com http:// ou https://.', en: 'Provide an address starting with http:// or https://.' },
  BANNER_SIZE_FORMAT: { 'pt-BR': 'Use largura x altura em pixels, ex.: 1200x300.', en: 'Use width x height in pixels, e.g. 1200x300.' },
  REASON_REQUIRED: { 'pt-BR': 'Informe o motivo.', en: 'Provide the reason.' },
  FLYER_END_AFTER_START: { 'pt-BR': 'O fim do encarte deve ser depois do início.', en: "The flyer's end must be after its start." },
  // audiences
  AUDIENCE_ATTRIBUTE_UNKNOWN: {
    'pt-BR': 'Atributo desconhecido: consulte a lista de atributos de audiência.',
    en: 'Unknown attribute: see the list of audience attributes.',
  },
  AUDIENCE_OPERATOR_NOT_ALLOWED: {
    'pt-BR': 'Operador não permitido para "{label}": use {operators}.',
    en: 'Operator not allowed for this attribute: use {operators}.',
  },
  AUDIENCE_BETWEEN_VALUE: {
    'pt-BR': 'Informe [mínimo, máximo], dois números maiores ou iguais a zero.',
    en: 'Provide [minimum, maximum], two numbers greater than or equal to zero.',
  },
  AUDIENCE_MIN_ABOVE_MAX: { 'pt-BR': 'O mínimo deve ser menor ou igual ao máximo.', en: 'The minimum must be less than or equal to the maximum.' },
  AUDIENCE_NUMBER_VALUE: { 'pt-BR': 'Informe um número maior ou igual a zero.', en: 'Provide a number greater than or equal to zero.' },
  AUDIENCE_BOOLEAN_VALUE: { 'pt-BR': 'Informe verdadeiro ou falso.', en: 'Provide true or false.' },
  AUDIENCE_LIST_VALUE: { 'pt-BR': 'Informe uma lista de valores.', en: 'Provide a list of values.' },
  AUDIENCE_TEXT_VALUE: { 'pt-BR': 'Informe um valor de texto.', en: 'Provide a text value.' },
  AUDIENCE_VALUE_NOT_AN_OPTION: { 'pt-BR': 'Valor fora das opções de "{label}".', en: "A value outside the attribute's options." },
  AUDIENCE_VISIBILITY: { 'pt-BR': 'Escolha a visibilidade: global ou privada.', en: 'Choose the visibility: global or private.' },
  AUDIENCE_PRIVATE_NEEDS_ADVERTISERS: {
    'pt-BR': 'Escolha ao menos um anunciante para uma audiência privada.',
    en: 'Choose at least one advertiser for a private audience.',
  },
  AUDIENCE_GLOBAL_NO_ADVERTISERS: {
    'pt-BR': 'Uma audiência global vale para todos os anunciantes vinculados: não escolha anunciantes.',
    en: 'A global audience applies to every linked advertiser: do not choose advertisers.',
  },
  AUDIENCE_PRICE_REQUIRED: { 'pt-BR': 'Informe o preço da audiência.', en: "Provide the audience's price." },
  PRICE_ABOVE_ZERO: { 'pt-BR': 'O preço deve ser maior que zero.', en: 'The price must be greater than zero.' },
  REJECTION_REASON_REQUIRED: { 'pt-BR': 'Informe o motivo da rejeição.', en: 'Provide the reason for the rejection.' },
  // beacons and campaigns
  PURCHASE_BUYER_REQUIRED: { 'pt-BR': 'Informe user_id ou session_id de quem comprou.', en: "Provide the buyer's user_id or session_id." },
  PRODUCTS_REQUIRED: { 'pt-BR': 'Escolha ao menos um produto.', en: 'Choose at least one product.' },
  // promotions and pricing
  ANALYTICS_QUERY_TWICE: { 'pt-BR': 'Cada cartão pode ser pedido uma vez só.', en: 'Each card can be asked for only once.' },
  ANALYTICS_STORE_NEEDS_RETAILER: { 'pt-BR': 'Escolha o varejista da loja.', en: 'Choose the store\'s retailer.' },
  PERIOD_TOO_LONG: { 'pt-BR': 'O período pode ter no máximo {days} dias.', en: 'The period can be at most {days} days long.' },
  SKU_REPEATED: { 'pt-BR': 'O SKU "{sku}" aparece mais de uma vez.', en: 'SKU "{sku}" appears more than once.' },
  COUPON_CODE_FORMAT: {
    'pt-BR': 'O código deve ter de 3 a 40 letras, números, "-" ou "_".',
    en: 'The code must have 3 to 40 letters, digits, "-" or "_".',
  },
  COUPON_CODE_REQUIRED: { 'pt-BR': 'Cupons precisam de um código.', en: 'Coupons need a code.' },
  CODE_ONLY_FOR_COUPONS: { 'pt-BR': 'Somente cupons têm código.', en: 'Only coupons have a code.' },
  PROMOTION_END_AFTER_START: { 'pt-BR': 'O fim da promoção deve ser depois do início.', en: "The promotion's end must be after its start." },
  BENEFIT_FIELD_NOT_USED: { 'pt-BR': 'Campo não usado em promoções do tipo {type}.', en: 'A field not used by promotions of type {type}.' },
  BUY_PAY_PAY_REQUIRED: { 'pt-BR': 'Informe quantas unidades o cliente paga.', en: 'Provide how many units the customer pays for.' },
  BUY_PAY_TAKE_ABOVE_PAY: { 'pt-BR': 'Em "leve X pague Y", X deve ser maior que Y.', en: 'In "take X, pay Y", X must be greater than Y.' },
  FIXED_PRICE_REQUIRED: { 'pt-BR': 'Informe o preço fixo.', en: 'Provide the fixed price.' },
  BENEFIT_TYPE_REQUIRED: { 'pt-BR': 'Informe o tipo do benefício (percent ou fixed).', en: 'Provide the benefit type (percent or fixed).' },
  BENEFIT_VALUE_REQUIRED: { 'pt-BR': 'Informe o valor do benefício.', en: 'Provide the benefit value.' },
  PERCENT_RANGE: { 'pt-BR': 'O percentual deve estar entre 0 e 100.', en: 'The percentage must be between 0 and 100.' },
  CENTS_PRECISION: { 'pt-BR': 'Valores em reais têm no máximo duas casas decimais.', en: 'Amounts in reais have at most two decimal places.' },
  // retail media configuration
  HTTP_URL: { 'pt-BR': 'Informe uma URL começando com http:// ou https://.', en: 'Provide a URL starting with http:// or https://.' },
  TERMS_URL_REQUIRED: { 'pt-BR': 'Informe a URL dos termos de uso.', en: 'Provide the URL of the terms of use.' },
  TERMS_VERSION_REQUIRED: { 'pt-BR': 'Informe a versão dos termos de uso.', en: 'Provide the version of the terms of use.' },
  AD_TYPE_INVALID: {
    'pt-BR': 'Tipo de anúncio inválido: use product, banner, sponsored_brand ou digital_signage.',
    en: 'Invalid ad type: use product, banner, sponsored_brand or digital_signage.',
  },
  AD_TYPES_CHOOSE: { 'pt-BR': 'Escolha ao menos um tipo de anúncio.', en: 'Choose at least one ad type.' },
  MAX_BELOW_MIN: { 'pt-BR': 'O máximo deve ser maior ou igual ao mínimo.', en: 'The maximum must be greater than or equal to the minimum.' },
  STRATEGIES_REQUIRED: { 'pt-BR': 'Escolha ao menos uma estratégia.', en: 'Choose at least one strategy.' },
  DEFAULT_STRATEGY_CHOSEN: {
    'pt-BR': 'A estratégia padrão deve estar entre as estratégias escolhidas.',
    en: 'The default strategy must be one of the chosen strategies.',
  },
  SELLER_ID_REQUIRED: { 'pt-BR': 'Informe o seller id de um vínculo do tipo seller.', en: 'Provide the seller id of a seller link.' },
  ADVERTISER_CNPJ: { 'pt-BR': 'Informe o CNPJ do anunciante (14 dígitos).', en: "Provide the advertiser's CNPJ (14 digits)." },
  ADMIN_NO_MODULES: {
    'pt-BR': 'Um administrador acessa todos os módulos: não escolha módulos.',
    en: 'An administrator accesses every module: do not choose modules.',
  },
  // reports
  SELECT_ADVERTISER: { 'pt-BR': 'Selecione um anunciante para ver este relatório.', en: 'Select an advertiser to see this report.' },
  // wallets
  IDEMPOTENCY_KEY_REQUIRED: { 'pt-BR': 'Envie o cabeçalho Idempotency-Key.', en: 'Send the Idempotency-Key header.' },
  IDEMPOTENCY_KEY_FORMAT: {
    'pt-BR': 'O cabeçalho Idempotency-Key deve ter de 8 a 128 letras, números, "_" ou "-".',
    en: 'The Idempotency-Key header must have 8 to 128 letters, digits, "_" or "-".',
  },
  // issue 18, creatives and seed: video banners and brand assets, signage duration
  VIDEO_FRAME_REQUIRED: {
    'pt-BR': 'Um vídeo deve ter um destes tamanhos: {frames}.',
    en: 'A video must have one of these sizes: {frames}.',
  },
  SIGNAGE_VIDEO_DURATION_REQUIRED: {
    'pt-BR': 'Informe a duração do vídeo em segundos (1 a 600).',
    en: "Provide the video's duration in seconds (1 to 600).",
  },
  // issue 18, public access: the publisher's ad API settings
  AD_API_ORIGIN_INVALID: {
    'pt-BR': 'Informe uma origem como https://www.loja.com.br ou https://loja.com.br:8443, sem caminho.',
    en: 'Provide an origin such as https://www.shop.com or https://shop.com:8443, without a path.',
  },
  // issue 19, delivery regions: the geometry drawn on the map, the point searched
  REGION_INVALID_SHAPE: {
    'pt-BR': 'Informe um GeoJSON do tipo Polygon ou MultiPolygon com ao menos um anel de coordenadas.',
    en: 'Provide a GeoJSON Polygon or MultiPolygon with at least one ring of coordinates.',
  },
  REGION_INVALID_COORDINATE: {
    'pt-BR': 'Coordenada inválida: use [longitude, latitude] com números.',
    en: 'Invalid coordinate: use [longitude, latitude] with numbers.',
  },
  REGION_OUTSIDE_BRAZIL: {
    'pt-BR': 'Ponto fora do Brasil: a região deve ficar em território brasileiro ([longitude, latitude]).',
    en: 'Point outside Brazil: the region must lie in Brazilian territory ([longitude, latitude]).',
  },
  REGION_RING_TOO_SHORT: {
    'pt-BR': 'O polígono precisa de ao menos 4 pontos (3 vértices e o primeiro repetido no fim).',
    en: 'The polygon needs at least 4 points (3 vertices and the first repeated at the end).',
  },
  REGION_RING_NOT_CLOSED: {
    'pt-BR': 'O polígono não está fechado: o último ponto deve ser igual ao primeiro.',
    en: 'The polygon is not closed: the last point must equal the first.',
  },
  REGION_SELF_INTERSECTING: {
    'pt-BR': 'O polígono cruza a si mesmo: desenhe a região sem linhas que se cruzem ou se toquem.',
    en: 'The polygon crosses itself: draw the region without lines that cross or touch.',
  },
  REGION_POINT_OR_ADDRESS: {
    'pt-BR': 'Informe lat e lng juntos, ou um endereço (address).',
    en: 'Provide lat and lng together, or an address.',
  },
  // issue 19, delivery and pickup windows (slots)
  SLOT_TIME_FORMAT: {
    'pt-BR': 'Use o formato HH:MM, de 00:00 a 23:59 (o fim pode ser 24:00).',
    en: 'Use the HH:MM format, from 00:00 to 23:59 (the end may be 24:00).',
  },
  SLOT_END_AFTER_START: {
    'pt-BR': 'O fim deve ser depois do início, no mesmo dia: uma janela não pode passar da meia-noite.',
    en: 'The end must be after the start, on the same day: a window cannot cross midnight.',
  },
  SLOT_REGION_NOT_IN_LOCATION: { 'pt-BR': 'A região informada não pertence a esta loja.', en: 'The region given does not belong to this store.' },
  SLOT_DATE_PAST: { 'pt-BR': 'A data deve ser hoje ou depois.', en: 'The date must be today or later.' },
  // issue 19, stores
  CNPJ_FORMAT: { 'pt-BR': 'Informe o CNPJ com 14 dígitos (00.000.000/0000-00).', en: 'Provide the CNPJ with 14 digits (00.000.000/0000-00).' },
  CNPJ_CHECK_DIGITS: { 'pt-BR': 'CNPJ inválido: os dígitos verificadores não conferem.', en: 'Invalid CNPJ: the check digits do not match.' },
  ZIP_CODE_FORMAT: { 'pt-BR': 'Informe o CEP com 8 dígitos (00000-000).', en: 'Provide the CEP (postal code) with 8 digits (00000-000).' },
  PHONE_FORMAT: {
    'pt-BR': 'Informe um telefone brasileiro com DDD: (11) 3456-7890 ou (11) 98765-4321.',
    en: 'Provide a Brazilian phone number with its area code: (11) 3456-7890 or (11) 98765-4321.',
  },
  CLOCK_FORMAT: { 'pt-BR': 'Informe o horário como HH:MM (00:00 a 23:59).', en: 'Provide the time as HH:MM (00:00 to 23:59).' },
  OPENING_CLOSE_AFTER_OPEN: { 'pt-BR': 'O horário de fechamento deve ser depois do de abertura.', en: 'The closing time must be after the opening time.' },
  OPENING_WEEKDAY_REPEATED: { 'pt-BR': 'Este dia da semana já tem horário informado.', en: 'This weekday already has opening hours.' },
  COORDINATE_OUTSIDE_BRAZIL: { 'pt-BR': 'A coordenada deve estar dentro do Brasil.', en: 'The coordinate must be inside Brazil.' },
  // issue 19, operators (store workers)
  CPF_FORMAT: {
    'pt-BR': 'Informe o CPF com 11 dígitos, com ou sem pontuação (123.456.789-09).',
    en: 'Provide the CPF with 11 digits, with or without punctuation (123.456.789-09).',
  },
  CPF_CHECK_DIGITS: { 'pt-BR': 'CPF inválido: confira os dígitos.', en: 'Invalid CPF: check the digits.' },
  OPERATOR_PLATE_FORMAT: {
    'pt-BR': 'Placa inválida: use o padrão ABC-1234 ou o Mercosul ABC1D23.',
    en: 'Invalid plate: use the ABC-1234 or the Mercosul ABC1D23 format.',
  },
  OPERATOR_PLATE_REQUIRED: { 'pt-BR': 'Informe a placa do veículo.', en: "Provide the vehicle's plate." },
  OPERATOR_BICYCLE_NO_PLATE: { 'pt-BR': 'Bicicletas não têm placa: deixe a placa em branco.', en: 'Bicycles have no plate: leave the plate empty.' },
  OPERATOR_VEHICLE_ONLY_DELIVERER: {
    'pt-BR': 'Somente entregadores têm veículo.',
    en: 'Only deliverers have a vehicle.',
  },
  OPERATOR_VEHICLE_REQUIRED: { 'pt-BR': 'Informe o veículo do entregador.', en: "Provide the deliverer's vehicle." },
  OPERATOR_LOCATIONS_REQUIRED: { 'pt-BR': 'Escolha ao menos uma loja.', en: 'Choose at least one store.' },
  // issue 20, customers
  CUSTOMER_PHONE_MOBILE: {
    'pt-BR': 'Informe um celular brasileiro com DDD: (11) 98765-4321.',
    en: 'Provide a Brazilian mobile number with its area code: (11) 98765-4321.',
  },
  CUSTOMER_BIRTH_DATE: { 'pt-BR': 'Informe uma data de nascimento válida, no passado.', en: 'Provide a valid birth date, in the past.' },
  CUSTOMER_ONE_DEFAULT_ADDRESS: { 'pt-BR': 'Apenas um endereço pode ser o principal.', en: 'Only one address can be the default one.' },
  // issue 20, shopping carts
  CART_LIST_EMPTY: { 'pt-BR': 'Cole a lista de compras do cliente.', en: "Paste the customer's shopping list." },
  CART_ADD_PRODUCT_OR_TEXT: {
    'pt-BR': 'Informe o produto (product_id) ou o texto do item (text), um dos dois.',
    en: 'Provide either the product (product_id) or the item text (text).',
  },
  // issue 20, catalog
  OFFER_PROMO_NOT_BELOW_PRICE: {
    'pt-BR': 'O preço promocional deve ser menor que o preço da oferta.',
    en: "The promotional price must be lower than the offer's price.",
  },
  OFFER_PROMO_END_BEFORE_START: {
    'pt-BR': 'O fim da promoção deve ser posterior ao início.',
    en: 'The end of the promotion must be after its start.',
  },
  OFFER_PROMO_PERIOD_WITHOUT_PRICE: {
    'pt-BR': 'Informe o preço promocional do período.',
    en: 'Provide the promotional price of the period.',
  },
  OFFERS_UNIQUE_MAX: { 'pt-BR': 'Informe até 200 produtos (product_ids e skus somados).', en: 'Provide up to 200 products (product_ids and skus together).' },
  // payment hub: payment method configs
  PAYMENT_INSTALLMENTS_CREDIT_ONLY: {
    'pt-BR': 'Parcelamento (max_installments) só vale para cartão de crédito.',
    en: 'Installments (max_installments) only apply to credit cards.',
  },
  PAYMENT_CONFIG_NOTHING_TO_CHANGE: {
    'pt-BR': 'Informe o que alterar: active, min_order_value ou max_installments.',
    en: 'Say what to change: active, min_order_value or max_installments.',
  },
  // payment hub: charges and refunds
  CARD_NUMBER_FORMAT: { 'pt-BR': 'O número do cartão tem de 13 a 19 dígitos.', en: 'The card number has 13 to 19 digits.' },
  CARD_NUMBER_INVALID: { 'pt-BR': 'Número de cartão inválido: confira os dígitos.', en: 'Invalid card number: check the digits.' },
  CARD_CVV_FORMAT: { 'pt-BR': 'O código de segurança (CVV) tem 3 ou 4 dígitos.', en: 'The security code (CVV) has 3 or 4 digits.' },
  CARD_EXPIRED: { 'pt-BR': 'Cartão vencido: confira o mês e o ano de validade.', en: 'Expired card: check the expiry month and year.' },
  CARD_REQUIRED: { 'pt-BR': 'Informe os dados do cartão (card) para pagar com cartão.', en: 'Provide the card details (card) to pay by card.' },
  CARD_NOT_FOR_METHOD: { 'pt-BR': 'Dados de cartão só valem para cartão de crédito ou débito.', en: 'Card details only apply to credit or debit cards.' },
  PAYMENT_METHOD_NOT_ONLINE: {
    'pt-BR': 'Esta forma de pagamento é paga na entrega ou retirada: não é cobrada online.',
    en: 'This payment method is paid at delivery or pickup: it is not charged online.',
  },
  INSTALLMENTS_CREDIT_ONLY: { 'pt-BR': 'Só o cartão de crédito aceita mais de uma parcela.', en: 'Only credit cards take more than one installment.' },
  // issue 21, orders
  ORDER_FIELD_REQUIRED: { 'pt-BR': 'Obrigatório num pedido que não vem de um carrinho (sem shopping_cart_id).', en: 'Required for an order that does not come from a cart (no shopping_cart_id).' },
  ORDER_ITEM_PRODUCT_REQUIRED: { 'pt-BR': 'Informe product_id ou sku.', en: 'Provide product_id or sku.' },
  ORDER_ITEM_PRODUCT_OR_SKU: { 'pt-BR': 'Informe product_id ou sku, não os dois.', en: 'Provide product_id or sku, not both.' },
  ORDER_ITEM_REPEATED: { 'pt-BR': 'Este produto aparece mais de uma vez no pedido.', en: 'This product appears more than once in the order.' },
  ORDER_CART_FIELD: {
    'pt-BR': 'Um pedido de carrinho leva cliente, loja e itens do carrinho: não informe este campo.',
    en: "An order from a cart takes the cart's customer, store and items: leave this field out.",
  },
  ORDER_CART_CHANNEL: { 'pt-BR': 'O canal shopping_cart é o dos pedidos de carrinho (shopping_cart_id).', en: 'The shopping_cart channel is for orders from a cart (shopping_cart_id).' },
  ORDER_PICKUP_NO_ADDRESS: { 'pt-BR': 'Pedido para retirada na loja não tem endereço de entrega.', en: 'A pickup order has no delivery address.' },
  ORDER_PICK_NOTHING: { 'pt-BR': 'Informe os itens separados (items) ou os incluídos (add).', en: 'Give the picked items (items) or the added ones (add).' },
  ORDER_PICK_SUBSTITUTE_REQUIRED: { 'pt-BR': 'Um item substituído leva o produto substituto (substitute).', en: 'A substituted item takes the substitute product (substitute).' },
  ORDER_PICK_SUBSTITUTE_ONLY: { 'pt-BR': 'Produto substituto só vale para um item substituído.', en: 'A substitute product only applies to a substituted item.' },
  ORDER_PICK_ITEM_REPEATED: { 'pt-BR': 'Este item aparece mais de uma vez na separação.', en: 'This item appears more than once in the picking.' },
  ORDER_PICK_MISSING_AMOUNT: { 'pt-BR': 'Um item em falta não leva quantidade nem peso.', en: 'A missing item takes no quantity or weight.' },
  ORDER_DISCOUNT_ONE_OF: { 'pt-BR': 'Informe amount ou percent, um dos dois.', en: 'Give amount or percent, one of them.' },
  // issue 21, delivery hub
  DELIVERY_CANCEL_ONE_OF: { 'pt-BR': 'Informe a entrega (delivery_id) ou o pedido (order_id), um dos dois.', en: 'Give the delivery (delivery_id) or the order (order_id), one of them.' },
  DELIVERY_SIGNATURE_FORMAT: {
    'pt-BR': 'Assinatura do provedor em formato inválido: use sha256= seguido de 64 dígitos hexadecimais.',
    en: "The provider's signature is malformed: use sha256= followed by 64 hexadecimal digits.",
  },
  DELIVERY_EVENT_ID: { 'pt-BR': 'O id do evento aceita letras, números, ".", ":", "_" e "-".', en: 'The event id takes letters, digits, ".", ":", "_" and "-".' },
  // issue 21, integration keys
  INTEGRATION_KEY_NAME_REQUIRED: { 'pt-BR': 'Dê um nome à chave, para saber onde ela é usada.', en: 'Name the key, to know where it is used.' },
  INTEGRATION_KEY_SCOPES_REQUIRED: { 'pt-BR': 'Escolha ao menos um escopo para a chave.', en: 'Choose at least one scope for the key.' },
  INTEGRATION_KEY_SCOPE_UNKNOWN: { 'pt-BR': 'Escopo desconhecido: use orders ou erp.', en: 'Unknown scope: use orders or erp.' },
  INTEGRATION_KEY_SCOPE_REPEATED: { 'pt-BR': 'Cada escopo aparece uma vez só.', en: 'Each scope appears only once.' },
  // issue 24, ERP integration
  ERP_OFFER_STORE_REQUIRED: { 'pt-BR': 'Informe a loja: store_id ou store_code.', en: 'Provide the store: store_id or store_code.' },
  ERP_PROMOTIONAL_PRICE_BELOW: { 'pt-BR': 'O preço promocional deve ser menor que o preço.', en: 'The promotional price must be lower than the price.' },
  ERP_CUSTOMER_KEY_REQUIRED: {
    'pt-BR': 'Identifique o cliente: external_id, document ou phone.',
    en: 'Identify the customer: external_id, document or phone.',
  },
  ERP_CALLBACK_URL_REQUIRED: { 'pt-BR': 'Informe a URL para ativar o envio.', en: 'Provide the URL to enable sending.' },
  ERP_BATCH_ID_FORMAT: {
    'pt-BR': 'O batch_id aceita letras, números, ".", ":", "_" e "-".',
    en: 'The batch_id takes letters, digits, ".", ":", "_" and "-".',
  },
  // issue 22, messaging campaigns
  MESSAGING_TEMPLATE_NAME_REQUIRED: { 'pt-BR': 'Informe o nome do template.', en: "Provide the template's name." },
  MESSAGING_TEMPLATE_NAME_FORMAT: {
    'pt-BR': 'O nome do template aceita apenas letras minúsculas, números e sublinhado (_).',
    en: "The template's name takes only lowercase letters, digits and underscores (_).",
  },
  MESSAGING_TEMPLATE_MESSAGE_REQUIRED: { 'pt-BR': 'Informe o texto da mensagem do template.', en: "Provide the template's message text." },
  MESSAGING_TEMPLATE_MESSAGE_SAMPLE: {
    'pt-BR': 'Troque o texto de exemplo da mensagem pelo texto do seu template.',
    en: "Replace the message's sample text with your template's text.",
  },
  MESSAGING_TEMPLATE_BUTTON_REQUIRED: {
    'pt-BR': 'Escolha ao menos um botão: "Quero aproveitar" ou "Não quero mensagens".',
    en: 'Choose at least one of the buttons: take the offer, or no more messages.',
  },
  MESSAGING_AUDIENCE_TAGS_REQUIRED: { 'pt-BR': 'Informe ao menos uma etiqueta do público.', en: "Provide at least one of the audience's tags." },
  MESSAGING_AUDIENCE_LIST_REQUIRED: {
    'pt-BR': 'Informe ao menos um cliente ou telefone da lista do público.',
    en: "Provide at least one customer or phone in the audience's list.",
  },
  MESSAGING_AUDIENCE_PRODUCTS_REQUIRED: { 'pt-BR': 'Informe ao menos um produto comprado pelo público.', en: 'Provide at least one product the audience bought.' },
  MESSAGING_AUDIENCE_STORES_REQUIRED: { 'pt-BR': 'Escolha ao menos uma loja para o público por lojas.', en: 'Choose at least one store for an audience by stores.' },
  MESSAGING_DASHBOARD_PERIOD: { 'pt-BR': 'O período do dashboard vai até {days} dias.', en: "The dashboard's period goes up to {days} days." },
  NOTIFICATION_TEMPLATE_MESSAGE_REQUIRED: { 'pt-BR': 'Informe o texto da mensagem da notificação.', en: "Provide the notification's message text." },
  // issue 22, WhatsApp channel
  WHATSAPP_MEDIA_URL: { 'pt-BR': 'Informe o endereço http(s) da mídia.', en: "Provide the media's http(s) address." },
  WHATSAPP_SIMULATOR_ID_FORMAT: {
    'pt-BR': 'O id da mensagem aceita até 100 letras, números, ponto, traço e sublinhado.',
    en: "The message id takes up to 100 letters, digits, dots, dashes and underscores.",
  },
  WHATSAPP_SIMULATOR_ONE_KIND: {
    'pt-BR': 'Envie um texto, um botão ou uma mídia (um deles).',
    en: 'Send a text, a button or a media (one of them).',
  },
  WHATSAPP_PHONE_NUMBER_ID_FORMAT: {
    'pt-BR': 'O ID do número tem de 5 a 30 dígitos, como a Meta o mostra.',
    en: 'The phone number ID has 5 to 30 digits, as Meta shows it.',
  },
  WHATSAPP_WABA_ID_FORMAT: {
    'pt-BR': 'O ID da conta do WhatsApp Business tem de 5 a 30 dígitos, como a Meta o mostra.',
    en: 'The WhatsApp Business account ID has 5 to 30 digits, as Meta shows it.',
  },
} as const satisfies Record<string, { 'pt-BR': string; en: string }>;

export type ContractMessageKey = keyof typeof CONTRACT_MESSAGES;
export type MessageLang = 'pt-BR' | 'en';
type Params = Record<string, string | number>;

const fill = (template: string, params: Params) => template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Finds a rendered pt-BR text's entry in a catalogue of `{ 'pt-BR', en }` templates (each pt-BR text
 * as a pattern whose groups capture its parameters), to word it in another language.
 */
export function messageLookup<K extends string>(catalogue: Record<K, Record<MessageLang, string>>) {
  const patterns = (Object.keys(catalogue) as K[]).map((key) => {
    const template = catalogue[key]['pt-BR'];
    const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = escape(template).replace(/\\\{\w+\\\}/g, '([\\s\\S]*?)');
    return { key, names, re: new RegExp(`^${source}$`) };
  });
  /** The key and parameters of a pt-BR text rendered from the catalogue; undefined for any other text. */
  const of = (text: string): { key: K; params: Params } | undefined => {
    for (const { key, names, re } of patterns) {
      const m = re.exec(text);
      if (m) return { key, params: Object.fromEntries(names.map((n, i) => [n, m[i + 1]!])) };
    }
    return undefined;
  };
  /** The text in `lang`; undefined when it is not one of the catalogue's. */
  const wordIn = (text: string, lang: MessageLang): string | undefined => {
    const found = of(text);
    return found && fill(catalogue[found.key][lang], found.params);
  };
  return { of, in: wordIn };
}

/** A contract-authored message, in pt-BR: what a schema passes to zod as its `message`. */
export function msg(key: ContractMessageKey, params: Params = {}): string {
  return fill(CONTRACT_MESSAGES[key]['pt-BR'], params);
}

const contractLookup = messageLookup(CONTRACT_MESSAGES);
/** The key and parameters of a contract-authored pt-BR text (as `msg` wrote it); undefined for any other text. */
export const contractMessageOf = contractLookup.of;
/** A contract-authored text in `lang`; undefined when the text is not one of this catalogue's. */
export const contractMessageIn = contractLookup.in;
