export type Lang = 'pt-BR' | 'en';

type Catalog = Record<string, { 'pt-BR': string; en: string }>;

/** Every message the API sends a person, in pt-BR (default) and English. */
export const messages = {
  VALIDATION_ERROR: { 'pt-BR': 'Dados inválidos em "{field}": {detail}', en: 'Invalid data in "{field}": {detail}' },
  INVALID_BODY: { 'pt-BR': 'O corpo da requisição não é um JSON válido.', en: 'The request body is not valid JSON.' },
  BODY_TOO_LARGE: { 'pt-BR': 'O corpo da requisição é grande demais.', en: 'The request body is too large.' },
  UNSUPPORTED_MEDIA_TYPE: { 'pt-BR': 'Tipo de conteúdo não suportado.', en: 'Unsupported content type.' },
  UNAUTHENTICATED: { 'pt-BR': 'Sessão expirada ou inválida. Entre novamente.', en: 'Session expired or invalid. Please sign in again.' },
  INVALID_CREDENTIALS: { 'pt-BR': 'E-mail ou senha incorretos.', en: 'Incorrect email or password.' },
  NO_ACTIVE_ACCOUNT: { 'pt-BR': 'Seu usuário não tem acesso a nenhuma conta ativa.', en: 'Your user has no active account.' },
  TOO_MANY_LOGIN_ATTEMPTS: {
    'pt-BR': 'Muitas tentativas de login. Tente novamente em {minutes} minuto(s).',
    en: 'Too many sign-in attempts. Try again in {minutes} minute(s).',
  },
  RATE_LIMITED: { 'pt-BR': 'Muitas requisições. Tente novamente em instantes.', en: 'Too many requests. Try again shortly.' },
  FORBIDDEN: { 'pt-BR': 'Você não tem permissão para esta ação.', en: 'You are not allowed to do this.' },
  FORBIDDEN_ROLE: { 'pt-BR': 'Seu perfil não permite esta ação.', en: 'Your role does not allow this action.' },
  FORBIDDEN_ACCOUNT_TYPE: { 'pt-BR': 'Este recurso não está disponível para o tipo da sua conta.', en: 'This feature is not available for your account type.' },
  FORBIDDEN_MODULE: { 'pt-BR': 'Sua conta não tem acesso a este módulo.', en: 'Your account has no access to this module.' },
  NOT_FOUND: { 'pt-BR': 'Recurso não encontrado.', en: 'Resource not found.' },
  ROUTE_NOT_FOUND: { 'pt-BR': 'Rota não encontrada: {method} {url}', en: 'Route not found: {method} {url}' },
  URL_INVALID: {
    'pt-BR': 'Endereço inválido: um trecho de {url} não é texto UTF-8 bem codificado.',
    en: 'Invalid address: part of {url} is not well-encoded UTF-8 text.',
  },
  URL_TOO_LONG: { 'pt-BR': 'Um trecho do endereço é longo demais: {url}', en: 'Part of the address is too long: {url}' },
  ACCOUNT_NOT_FOUND: { 'pt-BR': 'Conta não encontrada.', en: 'Account not found.' },
  USER_NOT_FOUND: { 'pt-BR': 'Usuário não encontrado.', en: 'User not found.' },
  INVITE_NOT_FOUND: { 'pt-BR': 'Convite inválido ou expirado.', en: 'Invalid or expired invite.' },
  INVITE_NOT_PENDING: { 'pt-BR': 'Este usuário já aceitou o convite.', en: 'This user has already accepted the invite.' },
  USER_ALREADY_MEMBER: { 'pt-BR': 'Este usuário já faz parte da conta.', en: 'This user already belongs to the account.' },
  USER_ALREADY_INVITED: { 'pt-BR': 'Este usuário já foi convidado. Reenvie o convite pela lista de usuários.', en: 'This user was already invited. Resend the invite from the users list.' },
  UNKNOWN_ACCESS_MODULE: { 'pt-BR': 'Módulo de acesso inexistente ou não liberado para a conta: {ids}', en: 'Unknown access module or not granted to the account: {ids}' },
  CANNOT_REMOVE_SELF: { 'pt-BR': 'Você não pode remover a si mesmo da conta.', en: 'You cannot remove yourself from the account.' },
  LAST_ADMIN: { 'pt-BR': 'A conta precisa de ao menos um administrador.', en: 'The account needs at least one administrator.' },
  PROMOTION_NOT_FOUND: { 'pt-BR': 'Promoção não encontrada.', en: 'Promotion not found.' },
  COUPON_NOT_FOUND: { 'pt-BR': 'Cupom "{code}" não encontrado.', en: 'Coupon "{code}" not found.' },
  COUPON_INACTIVE: { 'pt-BR': 'O cupom "{code}" não está ativo.', en: 'Coupon "{code}" is not active.' },
  COUPON_NOT_STARTED: { 'pt-BR': 'O cupom "{code}" ainda não está válido.', en: 'Coupon "{code}" is not valid yet.' },
  COUPON_EXPIRED: { 'pt-BR': 'O cupom "{code}" expirou.', en: 'Coupon "{code}" has expired.' },
  COUPON_LOCATION: { 'pt-BR': 'O cupom "{code}" não é válido nesta loja.', en: 'Coupon "{code}" is not valid in this store.' },
  COUPON_CUSTOMER: { 'pt-BR': 'O cupom "{code}" não é válido para este cliente.', en: 'Coupon "{code}" is not valid for this customer.' },
  COUPON_CUSTOMER_REQUIRED: { 'pt-BR': 'Informe o cliente para usar o cupom "{code}".', en: 'Identify the customer to use coupon "{code}".' },
  COUPON_EXHAUSTED: { 'pt-BR': 'O cupom "{code}" atingiu o limite de usos.', en: 'Coupon "{code}" has reached its usage limit.' },
  COUPON_CUSTOMER_EXHAUSTED: {
    'pt-BR': 'O cliente já atingiu o limite de usos do cupom "{code}".',
    en: 'The customer has reached the usage limit of coupon "{code}".',
  },
  COUPON_MIN_VALUE: { 'pt-BR': 'O cupom "{code}" vale para compras a partir de R$ {min}.', en: 'Coupon "{code}" requires purchases of at least R$ {min}.' },
  COUPON_CONDITIONS: { 'pt-BR': 'O carrinho não atende às condições do cupom "{code}".', en: 'The cart does not meet the conditions of coupon "{code}".' },
  COUPON_NO_DISCOUNT: { 'pt-BR': 'O cupom "{code}" não gera desconto neste carrinho.', en: 'Coupon "{code}" gives no discount on this cart.' },
  COUPON_NOT_STACKABLE: {
    'pt-BR': 'O cupom "{code}" não é cumulativo com a promoção "{name}", que é mais vantajosa.',
    en: 'Coupon "{code}" cannot be combined with the better promotion "{name}".',
  },
  PROMOTION_LIMIT_REACHED: { 'pt-BR': 'A promoção "{name}" atingiu o limite de usos.', en: 'Promotion "{name}" has reached its usage limit.' },
  PROMOTION_CUSTOMER_LIMIT_REACHED: {
    'pt-BR': 'O cliente já atingiu o limite de usos da promoção "{name}".',
    en: 'The customer has reached the usage limit of promotion "{name}".',
  },
  PROMOTION_CODE_TAKEN: {
    'pt-BR': 'Já existe uma promoção com o código de cupom "{code}" nesta conta.',
    en: 'A promotion with the coupon code "{code}" already exists in this account.',
  },
  FLYER_NOT_FOUND: { 'pt-BR': 'Encarte não encontrado.', en: 'Flyer not found.' },
  WALLET_NOT_FOUND: { 'pt-BR': 'Carteira não encontrada.', en: 'Wallet not found.' },
  BEACON_INVALID_TOKEN: { 'pt-BR': 'Link de evento inválido ou adulterado.', en: 'Invalid or tampered event link.' },
  BEACON_EXPIRED_TOKEN: { 'pt-BR': 'Link de evento expirado (válido por 24 horas).', en: 'Expired event link (valid for 24 hours).' },
  WALLET_IDEMPOTENCY_CONFLICT: {
    'pt-BR': 'Esta chave de idempotência já foi usada em uma recarga de outro valor. Gere uma nova chave para uma nova recarga.',
    en: 'This idempotency key was already used for a recharge of another amount. Use a new key for a new recharge.',
  },
  AD_NOT_FOUND: { 'pt-BR': 'Anúncio não encontrado.', en: 'Ad not found.' },
  AD_TYPE_MISMATCH: {
    'pt-BR': 'O anúncio deve ser do tipo da campanha ({expected}).',
    en: 'The ad must have the campaign’s type ({expected}).',
  },
  AD_CAMPAIGN_CLOSED: {
    'pt-BR': 'A campanha está cancelada ou encerrada: não recebe anúncios novos.',
    en: 'The campaign is canceled or finished: it takes no new ads.',
  },
  AD_PRODUCT_NOT_FOUND: {
    'pt-BR': 'O SKU "{sku}" não está no catálogo do publisher.',
    en: 'SKU "{sku}" is not in the publisher’s catalog.',
  },
  AD_SIZE_INVALID: {
    'pt-BR': 'Escolha um dos formatos de banner do publisher.',
    en: 'Choose one of the publisher’s banner sizes.',
  },
  AD_MEDIA_NOT_ISSUED: {
    'pt-BR': 'Dados inválidos em "{field}": use o endereço devolvido pelo envio de mídia de anúncios desta conta (/uploads/…).',
    en: 'Invalid data in "{field}": use the address returned by this account’s ad media upload (/uploads/…).',
  },
  AD_MEDIA_KIND_MISMATCH: {
    'pt-BR': 'Dados inválidos em "{field}": o arquivo enviado não é do tipo de mídia {expected}.',
    en: 'Invalid data in "{field}": the uploaded file is not of media type {expected}.',
  },
  AD_MEDIA_TYPE_NOT_ALLOWED: {
    'pt-BR': 'Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF, ou um vídeo MP4 (sinalização digital).',
    en: 'File type not allowed. Send a JPEG, PNG, WebP or GIF image, or an MP4 video (digital signage).',
  },
  AD_MEDIA_IMAGE_REQUIRED: {
    'pt-BR': 'Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF.',
    en: 'File type not allowed. Send a JPEG, PNG, WebP or GIF image.',
  },
  AD_MEDIA_DIMENSIONS_MISMATCH: {
    'pt-BR': 'A imagem deve ter {expected} pixels (formato {name}); a enviada tem {actual}.',
    en: 'The image must be {expected} pixels ({name} size); the one sent is {actual}.',
  },
  AD_MEDIA_DIMENSIONS_UNREADABLE: {
    'pt-BR': 'Não foi possível ler as dimensões da imagem; o formato {name} exige {expected} pixels.',
    en: 'The image dimensions could not be read; the {name} size requires {expected} pixels.',
  },
  CAMPAIGN_NOT_FOUND: { 'pt-BR': 'Campanha não encontrada.', en: 'Campaign not found.' },
  CAMPAIGN_PUBLISHER_NOT_FOUND: {
    'pt-BR': 'Publisher não encontrado ou sem vínculo com a sua conta.',
    en: 'Publisher not found or not linked to your account.',
  },
  CAMPAIGN_INVALID_TYPE: { 'pt-BR': 'Invalid campaign type.', en: 'Invalid campaign type.' },
  CAMPAIGN_CREATE_FORBIDDEN: {
    'pt-BR': 'Sua conta não pode criar campanhas neste publisher.',
    en: 'Your account cannot create campaigns on this publisher.',
  },
  CAMPAIGN_STRATEGY_NOT_ALLOWED: {
    'pt-BR': 'A estratégia "{strategy}" não está liberada para a sua conta neste publisher.',
    en: 'The "{strategy}" strategy is not enabled for your account on this publisher.',
  },
  CAMPAIGN_AD_TYPE_NOT_ALLOWED: {
    'pt-BR': 'Este publisher não aceita campanhas do tipo "{type}".',
    en: 'This publisher does not accept "{type}" campaigns.',
  },
  CAMPAIGN_TOTAL_BUDGET_NOT_ALLOWED: {
    'pt-BR': 'O orçamento total não está liberado para a sua conta neste publisher.',
    en: 'Total budget is not enabled for your account on this publisher.',
  },
  CAMPAIGN_AUDIENCES_NOT_ALLOWED: {
    'pt-BR': 'Campanhas com audiência não estão liberadas para a sua conta neste publisher.',
    en: 'Audience campaigns are not enabled for your account on this publisher.',
  },
  CAMPAIGN_AUDIENCES_UNAVAILABLE: {
    'pt-BR': 'Audiências indisponíveis para esta campanha: {ids}.',
    en: 'Audiences not available for this campaign: {ids}.',
  },
  CAMPAIGN_SUBPUBLISHERS_NOT_ALLOWED: {
    'pt-BR': 'A escolha de sub-publishers não está liberada para a sua conta neste publisher.',
    en: 'Choosing sub-publishers is not enabled for your account on this publisher.',
  },
  CAMPAIGN_SUBPUBLISHERS_UNKNOWN: {
    'pt-BR': 'Estes sub-publishers não pertencem ao publisher: {ids}.',
    en: 'These sub-publishers do not belong to the publisher: {ids}.',
  },
  CAMPAIGN_UNKNOWN_SKUS: {
    'pt-BR': 'Produtos não encontrados no catálogo do publisher: {skus}.',
    en: 'Products not found in the publisher catalog: {skus}.',
  },
  CAMPAIGN_PRODUCT_NOT_FOUND: { 'pt-BR': 'Produto não encontrado nesta campanha.', en: 'Product not found in this campaign.' },
  CAMPAIGN_NOT_EDITABLE: {
    'pt-BR': 'Campanhas encerradas ou canceladas não podem ser alteradas.',
    en: 'Finished or canceled campaigns cannot be changed.',
  },
  CAMPAIGN_END_BEFORE_START: {
    'pt-BR': 'Dados inválidos em "end_at": a data final deve ser igual ou posterior à de início.',
    en: 'Invalid data in "end_at": the end date must be on or after the start date.',
  },
  CAMPAIGN_NOT_PRODUCT: {
    'pt-BR': 'Esta ação vale só para campanhas de produto.',
    en: 'This action only applies to product campaigns.',
  },
  KEYWORD_NOT_FOUND: { 'pt-BR': 'Palavra-chave não encontrada.', en: 'Keyword not found.' },
  TAG_NOT_FOUND: { 'pt-BR': 'Tags não encontradas na sua conta: {ids}.', en: 'Tags not found in your account: {ids}.' },
  TAG_NAME_TAKEN: { 'pt-BR': 'Já existe uma tag chamada "{name}".', en: 'A tag named "{name}" already exists.' },
  TAG_ADVERTISER_ONLY: { 'pt-BR': 'Só anunciantes criam tags de campanha.', en: 'Only advertisers create campaign tags.' },
  MEDIA_FILE_REQUIRED: { 'pt-BR': 'Envie um arquivo no campo "file" (multipart/form-data).', en: 'Send a file in the "file" field (multipart/form-data).' },
  MEDIA_TYPE_NOT_ALLOWED: {
    'pt-BR': 'Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF, um PDF ou um vídeo MP4.',
    en: 'File type not allowed. Send a JPEG, PNG, WebP or GIF image, a PDF or an MP4 video.',
  },
  MEDIA_TOO_LARGE: { 'pt-BR': 'O arquivo é grande demais: o limite para {kind} é {max}.', en: 'The file is too large: the limit for {kind} is {max}.' },
  MEDIA_URL_NOT_ISSUED: {
    'pt-BR': 'Dados inválidos em "media_url": use o endereço devolvido pelo envio de mídia desta conta (/uploads/…).',
    en: 'Invalid data in "media_url": use the address returned by this account’s media upload (/uploads/…).',
  },
  AUDIENCE_NOT_FOUND: { 'pt-BR': 'Audiência não encontrada.', en: 'Audience not found.' },
  AUDIENCE_IN_USE: {
    'pt-BR': 'Esta audiência é usada por campanhas e não pode ser excluída.',
    en: 'This audience is used by campaigns and cannot be deleted.',
  },
  AUDIENCE_NOT_ENABLED: {
    'pt-BR': 'Campanhas com audiência não estão liberadas para a sua conta neste publisher.',
    en: 'Audience campaigns are not enabled for your account on this publisher.',
  },
  AUDIENCE_LOCKED: {
    'pt-BR': 'Só o publisher altera uma audiência depois de revisada.',
    en: 'Only the publisher can change an audience after it was reviewed.',
  },
  AUDIENCE_REVIEW_FORBIDDEN: {
    'pt-BR': 'Só o publisher aprova ou rejeita audiências.',
    en: 'Only the publisher approves or rejects audiences.',
  },
  AUDIENCE_ADVERTISERS_NOT_LINKED: {
    'pt-BR': 'Dados inválidos em "advertiser_ids": anunciantes sem vínculo com o publisher: {ids}.',
    en: 'Invalid data in "advertiser_ids": advertisers not linked to the publisher: {ids}.',
  },
  AUDIENCE_PRICE_CENTS: {
    'pt-BR': 'Dados inválidos em "price": sua conta usa moeda em centavos; informe um número inteiro de centavos.',
    en: 'Invalid data in "price": your account uses a cents currency; send an integer number of cents.',
  },
  AUDIENCE_PRICE_TOO_HIGH: {
    'pt-BR': 'Dados inválidos em "price": o preço máximo é R$ {max}.',
    en: 'Invalid data in "price": the maximum price is R$ {max}.',
  },
  PUBLISHER_NOT_FOUND: { 'pt-BR': 'Publisher não encontrado.', en: 'Publisher not found.' },
  API_KEY_INVALID: { 'pt-BR': 'Chave de API ausente ou inválida.', en: 'Missing or invalid API key.' },
  API_KEY_REVOKED: { 'pt-BR': 'Esta chave de API foi revogada.', en: 'This API key has been revoked.' },
  API_KEY_NOT_FOUND: { 'pt-BR': 'Chave de API não encontrada.', en: 'API key not found.' },
  API_KEYS_PUBLISHER_ONLY: { 'pt-BR': 'Chaves de API são de publishers.', en: 'API keys belong to publishers.' },
  API_KEY_REVOKED_OK: { 'pt-BR': 'Chave de API revogada.', en: 'API key revoked.' },
  // integration keys of an account (issue 21): the store's e-commerce creates orders with x-api-key
  INTEGRATION_KEY_INVALID: {
    'pt-BR': 'Chave de integração inválida: confira o cabeçalho x-api-key.',
    en: 'Invalid integration key: check the x-api-key header.',
  },
  INTEGRATION_KEY_REVOKED: {
    'pt-BR': 'Esta chave de integração foi revogada: crie outra em Configurações › Chaves de integração.',
    en: 'This integration key has been revoked: create another one in Settings › Integration keys.',
  },
  INTEGRATION_KEY_CREATOR_INACTIVE: {
    'pt-BR': 'Quem criou esta chave de integração não é mais membro ativo da conta, e a chave deixou de valer: crie uma nova.',
    en: 'Whoever created this integration key is no longer an active member of the account, so the key no longer works: create a new one.',
  },
  INTEGRATION_KEY_SCOPE_MISSING: {
    'pt-BR': 'Esta chave de integração não tem o escopo que esta rota exige.',
    en: 'This integration key lacks the scope this route requires.',
  },
  INTEGRATION_KEY_NOT_FOUND: { 'pt-BR': 'Chave de integração não encontrada.', en: 'Integration key not found.' },
  INTEGRATION_KEY_CREATED: {
    'pt-BR': 'Chave criada: copie-a agora, ela não será exibida de novo.',
    en: 'Key created: copy it now, it will not be shown again.',
  },
  INTEGRATION_KEY_REVOKED_OK: {
    'pt-BR': 'Chave de integração "{name}" revogada: ela deixou de ser aceita.',
    en: 'Integration key "{name}" revoked: it is no longer accepted.',
  },
  RMA_WRONG_PUBLISHER: { 'pt-BR': 'Esta chave de API é de outro publisher.', en: 'This API key belongs to another publisher.' },
  RM_CONFIG_PUBLISHER_ONLY: {
    'pt-BR': 'Só o publisher altera esta configuração.',
    en: 'Only the publisher can change this configuration.',
  },
  ADVERTISER_NOT_FOUND: { 'pt-BR': 'Anunciante não encontrado.', en: 'Advertiser not found.' },
  ADVERTISER_REQUIRED: { 'pt-BR': 'Selecione um anunciante para ver este relatório.', en: 'Select an advertiser to see this report.' },
  RM_REPORT_PUBLISHER_ONLY: { 'pt-BR': 'Este relatório é exclusivo de publishers.', en: 'This report is for publishers only.' },
  LINK_ALREADY_EXISTS: { 'pt-BR': 'Este anunciante já está vinculado ao publisher.', en: 'This advertiser is already linked to the publisher.' },
  LINK_HAS_ACTIVE_CAMPAIGNS: {
    'pt-BR': 'O anunciante tem campanhas ativas neste publisher: encerre-as antes de desfazer o vínculo.',
    en: 'The advertiser has active campaigns on this publisher: end them before unlinking.',
  },
  LINK_SELLER_ID_ADMIN_ONLY: {
    'pt-BR': 'Só o administrador altera o seller id do vínculo.',
    en: 'Only an administrator can change the link’s seller id.',
  },
  AD_SIZE_NOT_FOUND: { 'pt-BR': 'Formato não encontrado.', en: 'Ad size not found.' },
  AD_SIZE_NAME_TAKEN: { 'pt-BR': 'Já existe um formato chamado "{name}".', en: 'An ad size named "{name}" already exists.' },
  AD_SIZE_IN_USE: {
    'pt-BR': 'Este formato é usado por anúncios e não pode ser excluído.',
    en: 'This ad size is used by ads and cannot be deleted.',
  },
  RESET_CODE_INVALID: { 'pt-BR': 'Código de redefinição inválido ou expirado.', en: 'Invalid or expired reset code.' },
  WRONG_CURRENT_PASSWORD: { 'pt-BR': 'A senha atual está incorreta.', en: 'The current password is incorrect.' },
  WRONG_PASSWORD: { 'pt-BR': 'Senha incorreta.', en: 'Incorrect password.' },
  SERVICE_UNAVAILABLE: { 'pt-BR': 'Serviço indisponível no momento. Tente novamente.', en: 'Service unavailable. Please try again.' },
  INTERNAL_ERROR: { 'pt-BR': 'Ocorreu um erro inesperado. Tente novamente.', en: 'An unexpected error occurred. Please try again.' },
  RESPONSE_CONTRACT_MISMATCH: {
    'pt-BR': 'A resposta de {route} (status {status}) não segue o contrato: {issue}',
    en: 'The response of {route} (status {status}) does not match its contract: {issue}',
  },
  // Details of a field refused where input is parsed (plugins/input-text.ts)
  TEXT_NUL_CHARACTER: { 'pt-BR': 'Não pode conter o caractere nulo (U+0000).', en: 'Must not contain the null character (U+0000).' },
  TEXT_LONE_SURROGATE: {
    'pt-BR': 'Contém um caractere Unicode inválido (metade de um par substituto).',
    en: 'Contains an invalid Unicode character (half of a surrogate pair).',
  },
  // Success messages
  PASSWORD_RECOVERY_SENT: {
    'pt-BR': 'Se o e-mail estiver cadastrado, enviaremos as instruções para redefinir a senha.',
    en: 'If the email is registered, we will send instructions to reset the password.',
  },
  PASSWORD_UPDATED: { 'pt-BR': 'Senha alterada com sucesso.', en: 'Password changed successfully.' },
  INVITE_RESENT: { 'pt-BR': 'Convite reenviado com sucesso.', en: 'Invite resent successfully.' },
  USER_REMOVED: { 'pt-BR': 'Usuário removido com sucesso.', en: 'User removed successfully.' },
  PROMOTION_DELETED: { 'pt-BR': 'Promoção excluída com sucesso.', en: 'Promotion deleted successfully.' },
  PROMOTION_CANCELED: { 'pt-BR': 'Promoção cancelada com sucesso.', en: 'Promotion canceled successfully.' },
  PROMOTION_FINISHED: { 'pt-BR': 'Promoção finalizada com sucesso.', en: 'Promotion finished successfully.' },
  PROMOTION_PAUSED: { 'pt-BR': 'Promoção pausada com sucesso.', en: 'Promotion paused successfully.' },
  PROMOTION_REACTIVATED: { 'pt-BR': 'Promoção reativada com sucesso.', en: 'Promotion reactivated successfully.' },
  AUDIENCE_DELETED: { 'pt-BR': 'Audiência excluída com sucesso.', en: 'Audience deleted successfully.' },
  AD_SIZE_DELETED: { 'pt-BR': 'Formato excluído com sucesso.', en: 'Ad size deleted successfully.' },
  LINK_REMOVED: { 'pt-BR': 'Vínculo com o anunciante desfeito com sucesso.', en: 'Advertiser unlinked successfully.' },
  FLYER_DELETED: { 'pt-BR': 'Encarte excluído com sucesso.', en: 'Flyer deleted successfully.' },
  FLYER_CANCELED: { 'pt-BR': 'Encarte cancelado com sucesso.', en: 'Flyer canceled successfully.' },
  FLYER_FINISHED: { 'pt-BR': 'Encarte finalizado com sucesso.', en: 'Flyer finished successfully.' },
  FLYER_PAUSED: { 'pt-BR': 'Encarte pausado com sucesso.', en: 'Flyer paused successfully.' },
  FLYER_REACTIVATED: { 'pt-BR': 'Encarte reativado com sucesso.', en: 'Flyer reactivated successfully.' },
  // issue 18, creatives and seed: video banners and brand assets
  AD_SIZE_NOT_VIDEO: {
    'pt-BR': 'O formato {name} não é de vídeo: um banner em vídeo usa um formato de {frames} pixels.',
    en: 'The {name} size is not a video size: a video banner uses a {frames} pixel size.',
  },
  AD_MEDIA_FILE_NOT_ALLOWED: {
    'pt-BR': 'Tipo de arquivo não permitido. Envie uma imagem JPEG, PNG, WebP ou GIF, ou um vídeo MP4.',
    en: 'File type not allowed. Send a JPEG, PNG, WebP or GIF image, or an MP4 video.',
  },
  AD_MEDIA_VIDEO_SIZE: {
    'pt-BR': 'O formato {name} ({expected}) não é de vídeo: envie uma imagem JPEG, PNG, WebP ou GIF com esse tamanho.',
    en: 'The {name} size ({expected}) is not a video size: send a JPEG, PNG, WebP or GIF image of that size.',
  },
  // issue 18, conversions: hashed identifiers that are not stored
  CONVERSION_HASH_NOT_SHA256: {
    'pt-BR': 'Não gravado: {field} deve ser o SHA-256 em hexadecimal (64 caracteres); nunca envie o dado sem hash.',
    en: 'Not stored: {field} must be the SHA-256 in hexadecimal (64 characters); never send the unhashed data.',
  },
  CONVERSION_HASH_OF_EMPTY: {
    'pt-BR': 'Não gravado: {field} é o SHA-256 de um texto vazio.',
    en: 'Not stored: {field} is the SHA-256 of an empty text.',
  },
  // issue 18, public access: the publisher gate of the public ad endpoints
  API_KEY_REQUIRED: {
    'pt-BR': 'Este publisher exige a chave de API: envie o cabeçalho x-api-key.',
    en: 'This publisher requires an API key: send the x-api-key header.',
  },
  ORIGIN_NOT_ALLOWED: {
    'pt-BR': 'Esta origem não está entre as origens permitidas pelo publisher.',
    en: "This origin is not among the publisher's allowed origins.",
  },
  // issue 19, delivery and pickup windows (slots) and days without work
  SLOT_NOT_FOUND: { 'pt-BR': 'Janela não encontrada.', en: 'Window not found.' },
  SLOT_LOCATION_NOT_FOUND: { 'pt-BR': 'Loja não encontrada.', en: 'Store not found.' },
  SLOT_REGION_NOT_IN_LOCATION: { 'pt-BR': 'A região informada não pertence a esta loja.', en: 'The region given does not belong to this store.' },
  SLOT_OVERLAP: {
    'pt-BR': 'A janela {start}–{end} se sobrepõe à janela {other_start}–{other_end} já cadastrada para {weekday} nesta loja, modalidade e região.',
    en: 'The window {start}–{end} overlaps the window {other_start}–{other_end} already set for {weekday} at this store, mode and region.',
  },
  SLOT_HAS_BOOKINGS: {
    'pt-BR': 'Esta janela tem {count} reserva(s) a partir de hoje: libere-as antes de excluí-la.',
    en: 'This window has {count} booking(s) from today on: release them before deleting it.',
  },
  SLOT_DELETED: { 'pt-BR': 'Janela excluída com sucesso.', en: 'Window deleted successfully.' },
  SLOT_FULL: { 'pt-BR': 'Esta janela está lotada em {date}.', en: 'This window is full on {date}.' },
  SLOT_CUTOFF_PASSED: {
    'pt-BR': 'O prazo para reservar esta janela terminou às {at} ({minutes} minutos antes do início).',
    en: 'Booking this window closed at {at} ({minutes} minutes before the start).',
  },
  SLOT_PRIOR_NOTICE: {
    'pt-BR': 'Esta janela exige {minutes} minutos de antecedência: reserve até {at}.',
    en: 'This window needs {minutes} minutes of notice: book by {at}.',
  },
  SLOT_DAY_WITHOUT_WORK: { 'pt-BR': 'Não há expediente em {date} nesta loja.', en: 'There is no work on {date} at this store.' },
  SLOT_INACTIVE: { 'pt-BR': 'Esta janela está desativada.', en: 'This window is disabled.' },
  SLOT_NOT_ON_DATE: {
    'pt-BR': 'Esta janela não acontece em {date}: ela é de outro dia da semana.',
    en: 'This window does not take place on {date}: it belongs to another weekday.',
  },
  SLOT_DATE_PAST: { 'pt-BR': 'A data deve ser hoje ou depois.', en: 'The date must be today or later.' },
  DAY_WITHOUT_WORK_NOT_FOUND: { 'pt-BR': 'Dia sem expediente não encontrado.', en: 'Day without work not found.' },
  DAY_WITHOUT_WORK_EXISTS: {
    'pt-BR': 'Já existe um dia sem expediente em {date} para esta loja e modalidade.',
    en: 'There is already a day without work on {date} for this store and mode.',
  },
  DAY_WITHOUT_WORK_DELETED: { 'pt-BR': 'Dia sem expediente removido com sucesso.', en: 'Day without work removed successfully.' },
  DAY_WITHOUT_WORK_ALL_STORES: {
    'pt-BR': 'Seu usuário atende apenas algumas lojas: escolha uma loja para o dia sem expediente.',
    en: 'Your user works only at some stores: choose a store for the day without work.',
  },
  // issue 19, operators (store workers)
  OPERATOR_NOT_FOUND: { 'pt-BR': 'Operador não encontrado.', en: 'Operator not found.' },
  OPERATOR_CREATED: { 'pt-BR': 'Operador adicionado com sucesso!', en: 'Operator added successfully!' },
  OPERATOR_UPDATED: { 'pt-BR': 'Operador atualizado com sucesso!', en: 'Operator updated successfully!' },
  OPERATOR_DELETED: { 'pt-BR': 'Operador removido com sucesso!', en: 'Operator removed successfully!' },
  OPERATOR_CPF_TAKEN: {
    'pt-BR': 'CPF já cadastrado (cpf): já existe um operador com este CPF nesta conta.',
    en: 'CPF already registered (cpf): an operator with this CPF already exists in this account.',
  },
  OPERATOR_LOCATIONS_UNKNOWN: {
    'pt-BR': 'Dados inválidos em "location_ids": lojas não encontradas nesta conta: {ids}.',
    en: 'Invalid data in "location_ids": stores not found in this account: {ids}.',
  },
  // issue 19, delivery regions
  REGION_NOT_FOUND: { 'pt-BR': 'Região de entrega não encontrada.', en: 'Delivery region not found.' },
  REGION_STORE_NOT_FOUND: { 'pt-BR': 'Loja não encontrada.', en: 'Store not found.' },
  REGION_CREATED: { 'pt-BR': 'Região de entrega criada com sucesso!', en: 'Delivery region created successfully!' },
  REGION_UPDATED: { 'pt-BR': 'Região de entrega atualizada com sucesso!', en: 'Delivery region updated successfully!' },
  REGION_DELETED: { 'pt-BR': 'Região de entrega excluída com sucesso!', en: 'Delivery region deleted successfully!' },
  REGION_IN_USE: {
    'pt-BR': 'Esta região ainda tem {count} janela(s) de entrega: remova-as em Janelas de entrega antes de excluir a região.',
    en: 'This region still has {count} delivery window(s): remove them under delivery windows before deleting the region.',
  },
  // issue 19, stores and geocoding
  LOCATION_NOT_FOUND: { 'pt-BR': 'Loja não encontrada.', en: 'Store not found.' },
  ANALYTICS_RETAILER_NOT_FOUND: { 'pt-BR': 'Varejista não encontrado entre os ligados à sua marca.', en: 'Retailer not found among those linked to your brand.' },
  ANALYTICS_PRODUCT_NOT_FOUND: { 'pt-BR': 'Produto não encontrado entre os das suas marcas.', en: "Product not found among your brands' products." },
  LOCATION_DELETED: { 'pt-BR': 'Loja excluída com sucesso!', en: 'Store deleted successfully!' },
  LOCATION_IN_USE: {
    'pt-BR': 'A loja "{name}" não pode ser excluída: ainda é usada por {uses}. Remova esses vínculos ou desative a loja.',
    en: 'Store "{name}" cannot be deleted: it is still used by {uses}. Remove those links or deactivate the store.',
  },
  LOCATION_USE_SLOTS_ONE: { 'pt-BR': '1 janela de entrega ou retirada', en: '1 delivery or pickup window' },
  LOCATION_USE_SLOTS_MANY: { 'pt-BR': '{count} janelas de entrega ou retirada', en: '{count} delivery or pickup windows' },
  LOCATION_USE_PROMOTIONS_ONE: { 'pt-BR': '1 promoção', en: '1 promotion' },
  LOCATION_USE_PROMOTIONS_MANY: { 'pt-BR': '{count} promoções', en: '{count} promotions' },
  LOCATION_USE_FLYERS_ONE: { 'pt-BR': '1 encarte', en: '1 flyer' },
  LOCATION_USE_FLYERS_MANY: { 'pt-BR': '{count} encartes', en: '{count} flyers' },
  LOCATION_USE_ORDERS_ONE: { 'pt-BR': '1 pedido', en: '1 order' },
  LOCATION_USE_ORDERS_MANY: { 'pt-BR': '{count} pedidos', en: '{count} orders' },
  LIST_AND: { 'pt-BR': 'e', en: 'and' },
  USER_LOCATION_NOT_FOUND: { 'pt-BR': 'Este usuário não está vinculado a esta loja.', en: 'This user is not linked to this store.' },
  USER_LOCATION_REMOVED: { 'pt-BR': 'Usuário desvinculado da loja.', en: 'User unlinked from the store.' },
  GEOCODER_UNAVAILABLE: {
    'pt-BR': 'O serviço de busca de endereços está indisponível no momento. Tente novamente em instantes.',
    en: 'The address search service is unavailable right now. Try again shortly.',
  },
  // issue 19, slots: editing a window
  SLOT_CAPACITY_BELOW_BOOKED: {
    'pt-BR': 'Não é possível reduzir a capacidade para {capacity}: a janela já tem {count} reservas em {date}.',
    en: 'The capacity cannot go down to {capacity}: the window already has {count} bookings on {date}.',
  },
  // issue 20, customers
  CUSTOMER_NOT_FOUND: { 'pt-BR': 'Cliente não encontrado.', en: 'Customer not found.' },
  CUSTOMER_CREATED: { 'pt-BR': 'Cliente criado com sucesso', en: 'Customer created successfully' },
  CUSTOMER_UPDATED: { 'pt-BR': 'Cliente atualizado com sucesso', en: 'Customer updated successfully' },
  CUSTOMER_ANONYMIZED: { 'pt-BR': 'Cliente anonimizado com sucesso.', en: 'Customer anonymised successfully.' },
  CUSTOMER_CPF_TAKEN: { 'pt-BR': 'Já existe um cliente com este CPF.', en: 'A customer with this CPF already exists.' },
  CUSTOMER_PHONE_TAKEN: { 'pt-BR': 'Já existe um cliente com este telefone.', en: 'A customer with this phone number already exists.' },
  CUSTOMER_IS_ANONYMIZED: {
    'pt-BR': 'Este cliente foi anonimizado (LGPD): seus dados não podem mais ser alterados.',
    en: 'This customer was anonymised (LGPD): their data can no longer be changed.',
  },
  CUSTOMER_ALREADY_ANONYMIZED: { 'pt-BR': 'Este cliente já foi anonimizado.', en: 'This customer was already anonymised.' },
  CUSTOMER_SELLER_ID_ROLE: {
    'pt-BR': 'Somente administradores e gerentes definem o vendedor (seller_id) do cliente.',
    en: "Only admins and managers set the customer's seller (seller_id).",
  },
  CUSTOMER_ADDRESS_UNKNOWN: {
    'pt-BR': 'Dados inválidos em "addresses": endereço {id} não é deste cliente.',
    en: 'Invalid data in "addresses": address {id} is not this customer\'s.',
  },
  // issue 20, shopping carts
  CART_NOT_FOUND: { 'pt-BR': 'Carrinho não encontrado.', en: 'Cart not found.' },
  CART_CUSTOMER_UNKNOWN: { 'pt-BR': 'Cliente não encontrado nesta conta.', en: 'Customer not found in this account.' },
  CART_LOCATION_UNKNOWN: { 'pt-BR': 'Loja não encontrada nesta conta.', en: 'Store not found in this account.' },
  CART_NOT_IN_REVIEW: {
    'pt-BR': 'Só é possível alterar um carrinho em revisão: este está "{status}". Restaure-o para revisão antes de alterar.',
    en: 'Only a cart under review can be changed: this one is "{status}". Restore it to review first.',
  },
  CART_VERSION_CONFLICT: {
    'pt-BR': 'O carrinho foi alterado enquanto você editava. Recarregue e tente de novo.',
    en: 'The cart was changed while you were editing. Reload and try again.',
  },
  CART_ITEM_NOT_FOUND: { 'pt-BR': 'O item {id} não está neste carrinho.', en: 'Item {id} is not in this cart.' },
  CART_PRODUCT_NOT_OFFERED: { 'pt-BR': 'O produto {id} não é vendido nesta loja.', en: 'Product {id} is not sold at this store.' },
  CART_PRODUCT_UNAVAILABLE: { 'pt-BR': 'O produto "{name}" está em falta nesta loja.', en: 'Product "{name}" is out of stock at this store.' },
  CART_CONFIRM_NO_PRODUCT: {
    'pt-BR': 'Escolha um produto para "{query}" antes de confirmar o item.',
    en: 'Choose a product for "{query}" before confirming the item.',
  },
  CART_STATUS_TRANSITION: {
    'pt-BR': 'Não é possível mudar um carrinho "{from}" para "{to}".',
    en: 'A cart that is "{from}" cannot become "{to}".',
  },
  CART_STATUS_SAME: { 'pt-BR': 'O carrinho já está "{status}".', en: 'The cart is already "{status}".' },
  CART_LINK_SENT_BY_SEND_LINK: {
    'pt-BR': 'O status "Link enviado" vem do envio do link ao cliente: use "Enviar link".',
    en: 'The "Link sent" status comes from sending the link to the customer: use "Send link".',
  },
  CART_APPROVE_PENDING: {
    'pt-BR': 'Resolva os itens pendentes antes de aprovar o carrinho ({count} pendente(s)).',
    en: 'Resolve the pending items before approving the cart ({count} pending).',
  },
  CART_APPROVE_EMPTY: {
    'pt-BR': 'O carrinho precisa de ao menos um item confirmado para ser aprovado.',
    en: 'The cart needs at least one confirmed item to be approved.',
  },
  CART_SEND_NOT_APPROVED: {
    'pt-BR': 'Aprove o carrinho antes de enviar o link: ele está "{status}".',
    en: 'Approve the cart before sending the link: it is "{status}".',
  },
  CART_CUSTOMER_NO_PHONE: {
    'pt-BR': 'O cliente não tem telefone cadastrado: cadastre um celular para enviar o link do carrinho.',
    en: 'The customer has no phone number: add a mobile number to send the cart link.',
  },
  CART_NO_CHECKOUT_LINK: {
    'pt-BR': 'A loja ainda não configurou o link de checkout.',
    en: 'The store has not configured its checkout link yet.',
  },
  CART_RESTORED: { 'pt-BR': 'Carrinho restaurado com sucesso', en: 'Cart restored successfully' },
  CART_CANCELED: { 'pt-BR': 'Carrinho cancelado com sucesso', en: 'Cart cancelled successfully' },
  CART_APPROVED: { 'pt-BR': 'Carrinho aprovado com sucesso', en: 'Cart approved successfully' },
  CART_MARKED_OPENED: { 'pt-BR': 'Carrinho marcado como aberto', en: 'Cart marked as opened' },
  CART_LINK_TEXT: {
    'pt-BR': 'Olá, {name}! Seu carrinho do {store} está pronto ({total}). Confira e finalize a compra: {link}',
    en: 'Hi {name}! Your {store} cart is ready ({total}). Review it and check out: {link}',
  },
  CART_STATUS_in_review: { 'pt-BR': 'Em revisão', en: 'In review' },
  CART_STATUS_approved: { 'pt-BR': 'Aprovado', en: 'Approved' },
  CART_STATUS_opened: { 'pt-BR': 'Aberto', en: 'Opened' },
  CART_STATUS_deleted: { 'pt-BR': 'Cancelado', en: 'Cancelled' },
  CART_STATUS_link_sent: { 'pt-BR': 'Link enviado', en: 'Link sent' },
  CART_LINE_NOTHING: { 'pt-BR': 'a linha não diz o que comprar.', en: 'the line does not say what to buy.' },
  // issue 20, product imports
  PRODUCT_IMPORT_NOT_FOUND: { 'pt-BR': 'Importação de produtos não encontrada.', en: 'Product import not found.' },
  PRODUCT_IMPORT_TOO_LARGE: { 'pt-BR': 'O arquivo é grande demais: o limite é {max}.', en: 'The file is too large: the limit is {max}.' },
  // issue 20, catalog
  PRODUCT_NOT_FOUND: { 'pt-BR': 'Produto não encontrado.', en: 'Product not found.' },
  OFFER_NOT_FOUND: { 'pt-BR': 'Este produto não tem oferta nesta loja.', en: 'This product has no offer at this store.' },
  // payment hub, payment method configs
  PAYMENT_CONFIG_NOT_FOUND: { 'pt-BR': 'Configuração de forma de pagamento não encontrada.', en: 'Payment method configuration not found.' },
  PAYMENT_CONFIG_CREATED: { 'pt-BR': 'Configuração criada com sucesso', en: 'Configuration created successfully' },
  PAYMENT_CONFIG_UPDATED: { 'pt-BR': 'Configuração alterada com sucesso', en: 'Configuration changed successfully' },
  PAYMENT_CONFIG_RESTORED: { 'pt-BR': 'Configuração restaurada com sucesso', en: 'Configuration restored successfully' },
  PAYMENT_CONFIG_EXISTS: {
    'pt-BR': 'Configuração já existente (method): esta loja já tem uma configuração de {method}; altere a existente.',
    en: 'Configuration already exists (method): this store already has a {method} configuration; change the existing one.',
  },
  PAYMENT_CONFIG_ACCOUNT_EXISTS: {
    'pt-BR': 'Configuração já existente (method): a conta já tem um padrão para {method}; altere o existente.',
    en: 'Configuration already exists (method): the account already has a default for {method}; change the existing one.',
  },
  PAYMENT_CONFIG_ALL_STORES: {
    'pt-BR': 'Seu usuário atende apenas algumas lojas: escolha uma loja (location_id) em vez do padrão da conta.',
    en: "Your user works only at some stores: choose a store (location_id) instead of the account's default.",
  },
  PAYMENT_INSTALLMENTS_CREDIT_ONLY: {
    'pt-BR': 'Dados inválidos em "max_installments": parcelamento só vale para cartão de crédito.',
    en: 'Invalid data in "max_installments": installments only apply to credit cards.',
  },
  // payment hub, transactions and refunds
  PAYMENT_CHARGE_CREATED: { 'pt-BR': 'Cobrança do pedido {number} criada: {status}.', en: 'Charge of order {number} created: {status}.' },
  PAYMENT_DIFFERENCE_CHARGE_CREATED: {
    'pt-BR': 'Cobrança da diferença de R$ {amount} do pedido {number} criada: {status}.',
    en: 'Charge of the R$ {amount} difference of order {number} created: {status}.',
  },
  PAYMENT_NOTHING_OWED: {
    'pt-BR': 'O pedido {number} já está pago: o total final não passou do que foi cobrado.',
    en: 'Order {number} is already paid: its final total did not go above what was charged.',
  },
  PAYMENT_CHARGE_REFUSED: { 'pt-BR': 'Pagamento do pedido {number} recusado: {reason}', en: 'Payment of order {number} refused: {reason}' },
  PAYMENT_TRANSACTION_NOT_FOUND: { 'pt-BR': 'Transação de pagamento não encontrada.', en: 'Payment transaction not found.' },
  PAYMENT_ORDER_PAYS_IN_PERSON: {
    'pt-BR': 'O pedido {number} é pago na entrega ou retirada: não há cobrança online.',
    en: 'Order {number} is paid at delivery or pickup: there is no online charge.',
  },
  PAYMENT_ORDER_NOT_PAYABLE: {
    'pt-BR': 'O pedido {number} está "{status}": não há pagamento a cobrar.',
    en: 'Order {number} is "{status}": there is no payment to charge.',
  },
  PAYMENT_IN_PROGRESS: {
    'pt-BR': 'O pedido {number} já tem um pagamento em andamento ou pago: aguarde a confirmação ou a recusa.',
    en: 'Order {number} already has a payment under way or paid: wait for its confirmation or refusal.',
  },
  PAYMENT_METHOD_INACTIVE: {
    'pt-BR': 'Dados inválidos em "method": {method} não está ativo nesta loja.',
    en: 'Invalid data in "method": {method} is not active at this store.',
  },
  PAYMENT_MIN_ORDER: {
    'pt-BR': 'Dados inválidos em "method": {method} exige pedido de no mínimo R$ {min}.',
    en: 'Invalid data in "method": {method} requires an order of at least R$ {min}.',
  },
  PAYMENT_INSTALLMENTS_ABOVE_MAX: {
    'pt-BR': 'Dados inválidos em "installments": esta loja aceita no máximo {max} parcela(s) em {method}.',
    en: 'Invalid data in "installments": this store takes at most {max} installment(s) with {method}.',
  },
  PAYMENT_ORDER_ZERO: { 'pt-BR': 'O pedido {number} não tem valor a cobrar.', en: 'Order {number} has no amount to charge.' },
  PAYMENT_NOT_REFUSED: {
    'pt-BR': 'Esta transação não foi recusada (está "{status}").',
    en: 'This transaction was not refused (it is "{status}").',
  },
  PAYMENT_NOTHING_CAPTURED: {
    'pt-BR': 'O pedido {number} não tem pagamento capturado a reembolsar.',
    en: 'Order {number} has no captured payment to refund.',
  },
  PAYMENT_REFUND_ABOVE_CAPTURED: {
    'pt-BR': 'Dados inválidos em "amount": o reembolso de R$ {amount} passa do que resta a reembolsar (R$ {refundable}).',
    en: 'Invalid data in "amount": the refund of R$ {amount} is above what is left to refund (R$ {refundable}).',
  },
  PAYMENT_IDEMPOTENCY_KEY_REUSED: {
    'pt-BR': 'Esta Idempotency-Key já foi usada em outro reembolso (outro pedido, valor ou motivo): use uma chave nova.',
    en: 'This Idempotency-Key was already used for another refund (another order, amount or reason): use a new key.',
  },
  PAYMENT_REFUND_CREATED: { 'pt-BR': 'Reembolso de R$ {amount} do pedido {number}: {status}.', en: 'Refund of R$ {amount} of order {number}: {status}.' },
  PAYMENT_PROVIDER_UNAVAILABLE: {
    'pt-BR': 'O provedor de pagamento não respondeu: nada foi feito, tente de novo em instantes.',
    en: 'The payment provider did not answer: nothing was done, try again shortly.',
  },
  PAYMENT_WEBHOOK_SIGNATURE: {
    'pt-BR': 'Assinatura do webhook de pagamento ausente ou inválida.',
    en: 'Payment webhook signature missing or invalid.',
  },
  PAYMENT_PERIOD_TOO_LONG: {
    'pt-BR': 'Dados inválidos em "from": o período vai até 366 dias.',
    en: 'Invalid data in "from": the period is at most 366 days.',
  },
  // issue 21, orders
  ORDER_NOT_FOUND: { 'pt-BR': 'Pedido não encontrado.', en: 'Order not found.' },
  ORDER_CREATED: { 'pt-BR': 'Pedido {number} criado.', en: 'Order {number} created.' },
  ORDER_ALREADY_RECEIVED: { 'pt-BR': 'Pedido {number} já recebido deste canal.', en: 'Order {number} was already received from this channel.' },
  ORDER_MOVED: { 'pt-BR': 'Pedido {number} agora está "{status}".', en: 'Order {number} is now "{status}".' },
  ORDER_CANCELED: { 'pt-BR': 'Pedido {number} cancelado.', en: 'Order {number} canceled.' },
  ORDER_TRANSITION_NOT_ALLOWED: {
    'pt-BR': 'Um pedido "{from}" não pode passar para "{to}".',
    en: 'An order in "{from}" cannot move to "{to}".',
  },
  ORDER_NOT_PAID: { 'pt-BR': 'O pedido ainda não foi pago: a separação começa depois do pagamento.', en: 'The order is not paid yet: picking starts after payment.' },
  ORDER_FRAUD_PENDING: { 'pt-BR': 'A análise de fraude do pedido ainda não terminou: aguarde a aprovação para separar.', en: "The order's fraud analysis has not finished: wait for approval before picking." },
  ORDER_FRAUD_DENIED: { 'pt-BR': 'A análise de fraude recusou o pedido: ele não pode ser separado.', en: 'The fraud analysis denied the order: it cannot be picked.' },
  ORDER_NOT_FOR_DELIVERY: { 'pt-BR': 'O pedido é para retirada na loja: não sai para entrega.', en: 'The order is for pickup: it does not go out for delivery.' },
  ORDER_NOT_FOR_PICKUP: { 'pt-BR': 'O pedido é para entrega: não fica aguardando retirada.', en: 'The order is for delivery: it does not await pickup.' },
  ORDER_ALREADY_CANCELED: { 'pt-BR': 'O pedido já está cancelado.', en: 'The order is already canceled.' },
  ORDER_CHANGED: { 'pt-BR': 'O pedido foi alterado por outra pessoa: recarregue e tente de novo.', en: 'The order was changed by someone else: reload and try again.' },
  ORDER_CUSTOMER_UNKNOWN: { 'pt-BR': 'Cliente não encontrado nesta conta.', en: 'Customer not found in this account.' },
  ORDER_LOCATION_UNKNOWN: { 'pt-BR': 'Loja não encontrada nesta conta.', en: 'Store not found in this account.' },
  ORDER_PRODUCTS_UNKNOWN: { 'pt-BR': 'Produtos sem oferta nesta loja: {items}.', en: 'Products with no offer at this store: {items}.' },
  ORDER_PRODUCT_NOT_WEIGHED: { 'pt-BR': 'Peso só vale para produtos vendidos por kg: {items}.', en: 'Weight only applies to products sold by kg: {items}.' },
  ORDER_CART_UNKNOWN: { 'pt-BR': 'Carrinho não encontrado nesta conta.', en: 'Shopping cart not found in this account.' },
  ORDER_CART_NOT_APPROVED: { 'pt-BR': 'Só um carrinho aprovado vira pedido.', en: 'Only an approved shopping cart becomes an order.' },
  ORDER_CART_EMPTY: { 'pt-BR': 'O carrinho não tem itens confirmados com oferta na loja.', en: 'The cart has no confirmed items with an offer at the store.' },
  ORDER_SLOT_UNKNOWN: {
    'pt-BR': 'Janela não encontrada nesta loja para este tipo de atendimento (entrega ou retirada).',
    en: 'Window not found at this store for this kind of fulfilment (delivery or pickup).',
  },
  ORDER_NOT_PICKING: { 'pt-BR': 'O pedido não está em separação: os itens só mudam enquanto ele é separado.', en: 'The order is not being picked: its items only change while it is picked.' },
  ORDER_ITEMS_UNKNOWN: { 'pt-BR': 'Itens que não são deste pedido: {items}.', en: 'Items not of this order: {items}.' },
  ORDER_SUBSTITUTE_NOT_ACCEPTED: {
    'pt-BR': 'O cliente não aceitou a substituição: marque o item como em falta.',
    en: 'The customer did not accept the substitution: mark the item as missing.',
  },
  ORDER_OPERATOR_UNKNOWN: { 'pt-BR': 'Operador não encontrado nesta conta.', en: 'Operator not found in this account.' },
  ORDER_ITEMS_PICKED: { 'pt-BR': 'Separação do pedido {number} registrada.', en: 'Picking of order {number} recorded.' },
  ORDER_RESTART_NOT_ALLOWED: {
    'pt-BR': 'Só um pedido separado ou pronto volta para a separação (este está "{from}").',
    en: 'Only a picked or ready order goes back to picking (this one is "{from}").',
  },
  ORDER_PICKING_RESTARTED: { 'pt-BR': 'Pedido {number} voltou para a separação.', en: 'Order {number} is back to picking.' },
  ORDER_DISCOUNT_CLOSED: {
    'pt-BR': 'O pedido está "{from}": o desconto só muda antes de ele sair da loja.',
    en: 'The order is "{from}": its discount only changes before it leaves the store.',
  },
  ORDER_DISCOUNT_TOO_HIGH: { 'pt-BR': 'O desconto passa do total dos itens (R$ {max}).', en: 'The discount is above the items total (R$ {max}).' },
  ORDER_DISCOUNT_SET: { 'pt-BR': 'Desconto do pedido {number} registrado.', en: 'Discount of order {number} recorded.' },
  ORDER_FRAUD_CLOSED: { 'pt-BR': 'O pedido está "{from}": a análise de fraude não muda mais.', en: 'The order is "{from}": its fraud analysis no longer changes.' },
  ORDER_FRAUD_SET: { 'pt-BR': 'Análise de fraude do pedido {number}: {status}.', en: 'Fraud analysis of order {number}: {status}.' },
  ORDER_ADDRESS_LOCKED: {
    'pt-BR': 'O pedido está "{from}": o endereço só muda antes de ele sair da loja.',
    en: 'The order is "{from}": its address only changes before it leaves the store.',
  },
  ORDER_REGION_NONE: { 'pt-BR': 'Nenhuma região de entrega da loja atende este endereço.', en: "None of the store's delivery regions serves this address." },
  ORDER_ADDRESS_CHANGED: { 'pt-BR': 'Endereço do pedido {number} alterado.', en: 'Address of order {number} changed.' },
  ORDER_PRODUCT_ALREADY: { 'pt-BR': 'Produtos que já estão no pedido: {items}.', en: 'Products already in the order: {items}.' },
  // issue 21, delivery hub
  DELIVERY_NOT_FOUND: { 'pt-BR': 'Entrega não encontrada.', en: 'Delivery not found.' },
  DELIVERY_ORDER_PICKUP: {
    'pt-BR': 'O pedido {number} é para retirada na loja: não há entregador a solicitar.',
    en: 'Order {number} is for pickup at the store: there is no courier to request.',
  },
  DELIVERY_ORDER_NOT_READY: {
    'pt-BR': 'O pedido {number} está "{status}": o entregador só é solicitado para um pedido pronto ou separado.',
    en: 'Order {number} is "{status}": a courier is only requested for a ready or picked order.',
  },
  DELIVERY_ALREADY_ACTIVE: {
    'pt-BR': 'O pedido {number} já tem uma entrega em andamento ("{status}"): cancele-a antes de solicitar outro entregador.',
    en: 'Order {number} already has a delivery under way ("{status}"): cancel it before requesting another courier.',
  },
  DELIVERY_ALREADY_DELIVERED: {
    'pt-BR': 'A entrega do pedido {number} já foi concluída: não pode mais ser cancelada.',
    en: 'The delivery of order {number} is already complete: it can no longer be canceled.',
  },
  DELIVERY_NOT_ACTIVE: {
    'pt-BR': 'A entrega do pedido {number} está "{status}": só uma entrega em andamento pode ser cancelada.',
    en: 'The delivery of order {number} is "{status}": only a delivery under way can be canceled.',
  },
  DELIVERY_REQUESTED: { 'pt-BR': 'Entregador solicitado para o pedido {number}.', en: 'Courier requested for order {number}.' },
  DELIVERY_CANCELED: { 'pt-BR': 'Entrega do pedido {number} cancelada.', en: 'Delivery of order {number} canceled.' },
  DELIVERY_SIGNATURE_INVALID: {
    'pt-BR': 'Assinatura do provedor de entregas inválida para este corpo.',
    en: "The delivery provider's signature does not match this body.",
  },
  DELIVERY_REFERENCE_UNKNOWN: {
    'pt-BR': 'Nenhuma entrega do provedor {provider} com a referência {reference}.',
    en: 'No delivery of provider {provider} with reference {reference}.',
  },
  // issue 22, WhatsApp channel
  WHATSAPP_SIGNATURE_MISSING: {
    'pt-BR': 'Webhook do WhatsApp sem a assinatura X-Hub-Signature-256.',
    en: 'WhatsApp webhook without the X-Hub-Signature-256 signature.',
  },
  WHATSAPP_SIGNATURE_INVALID: {
    'pt-BR': 'A assinatura X-Hub-Signature-256 do webhook do WhatsApp não confere.',
    en: "The WhatsApp webhook's X-Hub-Signature-256 signature does not match.",
  },
  WHATSAPP_VERIFY_TOKEN_INVALID: {
    'pt-BR': 'Verificação do webhook do WhatsApp recusada: hub.mode ou hub.verify_token incorretos.',
    en: 'WhatsApp webhook verification refused: wrong hub.mode or hub.verify_token.',
  },
  WHATSAPP_NUMBER_TAKEN: {
    'pt-BR': 'Este ID de número do WhatsApp já está em uso por outra conta.',
    en: 'This WhatsApp phone number ID is already used by another account.',
  },
  // issue 22, messaging campaigns
  MESSAGING_TEMPLATE_NOT_FOUND: { 'pt-BR': 'Template de mensagem não encontrado.', en: 'Message template not found.' },
  MESSAGING_TEMPLATE_NAME_TAKEN: { 'pt-BR': 'Já existe um template com o nome "{name}".', en: 'A template named "{name}" already exists.' },
  MESSAGING_TEMPLATE_IN_USE: {
    'pt-BR': 'O template é usado por {count} campanha(s) agendada(s) ou em envio: cancele-as ou troque o template antes de alterá-lo.',
    en: 'The template is used by {count} scheduled or sending campaign(s): cancel them or change their template before editing it.',
  },
  MESSAGING_TEMPLATE_HAS_CAMPAIGNS: {
    'pt-BR': 'O template é usado por {count} campanha(s): exclua-as ou troque o template delas antes de excluí-lo.',
    en: 'The template is used by {count} campaign(s): delete them or change their template before deleting it.',
  },
  MESSAGING_TEMPLATE_DELETED: { 'pt-BR': 'Template excluído com sucesso.', en: 'Template deleted successfully.' },
  MESSAGING_TEMPLATE_NOT_APPROVED: {
    'pt-BR': 'O template "{name}" não está aprovado pelo provedor: salve a campanha como rascunho ou escolha um template aprovado.',
    en: 'The template "{name}" is not approved by the provider: save the campaign as a draft or choose an approved template.',
  },
  MESSAGING_CAMPAIGN_NOT_FOUND: { 'pt-BR': 'Campanha de mensagens não encontrada.', en: 'Messaging campaign not found.' },
  MESSAGING_CAMPAIGN_NOT_EDITABLE: {
    'pt-BR': 'A campanha já começou a ser enviada, foi enviada ou cancelada: só é possível editá-la antes do envio.',
    en: 'The campaign has started sending, was sent or canceled: it can only be edited before sending.',
  },
  MESSAGING_CAMPAIGN_SENDING: { 'pt-BR': 'A campanha está sendo enviada: cancele-a antes de excluí-la.', en: 'The campaign is being sent: cancel it before deleting it.' },
  MESSAGING_CAMPAIGN_NOT_CANCELABLE: { 'pt-BR': 'A campanha já foi enviada ou cancelada: não há envio a cancelar.', en: 'The campaign was already sent or canceled: there is nothing to cancel.' },
  MESSAGING_CAMPAIGN_ENDED: {
    'pt-BR': 'O fim da campanha já passou: escolha um período que termine no futuro para agendar o envio.',
    en: "The campaign's end has passed: choose a period ending in the future to schedule it.",
  },
  MESSAGING_CAMPAIGN_DELETED: { 'pt-BR': 'Campanha excluída com sucesso.', en: 'Campaign deleted successfully.' },
  MESSAGING_CAMPAIGN_CANCELED: { 'pt-BR': 'Campanha cancelada com sucesso.', en: 'Campaign canceled successfully.' },
  MESSAGING_STORES_UNKNOWN: { 'pt-BR': 'Lojas não encontradas nesta conta: {ids}.', en: 'Stores not found in this account: {ids}.' },
  MESSAGING_MEDIA_TYPE_NOT_ALLOWED: {
    'pt-BR': 'Tipo de arquivo não permitido. Envie uma imagem JPEG ou PNG, um vídeo MP4 ou um PDF.',
    en: 'File type not allowed. Send a JPEG or PNG image, an MP4 video or a PDF.',
  },
  NOTIFICATION_TEMPLATE_NOT_FOUND: { 'pt-BR': 'Template de notificação não encontrado.', en: 'Notification template not found.' },
  NOTIFICATION_TEMPLATE_EVENT_TAKEN: { 'pt-BR': 'Já existe um template de notificação para este evento.', en: 'A notification template for this event already exists.' },
  NOTIFICATION_TEMPLATE_DELETED: { 'pt-BR': 'Template de notificação excluído com sucesso.', en: 'Notification template deleted successfully.' },
  // issue 22, chats
  CHAT_NOT_FOUND: { 'pt-BR': 'Conversa não encontrada.', en: 'Chat not found.' },
  CHAT_CLOSED: { 'pt-BR': 'A conversa está encerrada: reabra-a para continuar.', en: 'The chat is closed: reopen it to continue.' },
  CHAT_ALREADY_CLOSED: { 'pt-BR': 'A conversa já está encerrada.', en: 'The chat is already closed.' },
  CHAT_NOT_CLOSED: { 'pt-BR': 'A conversa não está encerrada.', en: 'The chat is not closed.' },
  CHAT_ALREADY_YOURS: { 'pt-BR': 'A conversa já está com você.', en: 'The chat is already yours.' },
  CHAT_CHANGED: { 'pt-BR': 'A conversa mudou enquanto isso: atualize a tela e tente de novo.', en: 'The chat changed meanwhile: refresh and try again.' },
  CHAT_REOPEN_OTHER_OPEN: {
    'pt-BR': 'O cliente já tem outra conversa em andamento: continue por ela.',
    en: 'The customer already has another ongoing chat: continue there.',
  },
  CHAT_TRANSFER_SAME: {
    'pt-BR': 'A conversa já está com este atendente: escolha outro atendente para transferir.',
    en: 'The chat is already with this attendant: choose another attendant to transfer to.',
  },
  CHAT_TRANSFER_UNKNOWN: { 'pt-BR': 'Atendente não encontrado ou inativo nesta conta.', en: 'Attendant not found or inactive in this account.' },
  CHAT_TAKEN: { 'pt-BR': 'Você assumiu a conversa.', en: 'You took the chat.' },
  CHAT_TRANSFERRED: { 'pt-BR': 'Conversa transferida para {name}.', en: 'Chat transferred to {name}.' },
  CHAT_CLOSED_OK: { 'pt-BR': 'Conversa encerrada.', en: 'Chat closed.' },
  CHAT_REOPENED: { 'pt-BR': 'Conversa reaberta.', en: 'Chat reopened.' },
  CHAT_MEDIA_UNKNOWN: {
    'pt-BR': 'Mídia não encontrada: envie o arquivo por POST /api/chats/media e use o media_url devolvido.',
    en: 'Media not found: upload the file with POST /api/chats/media and use the media_url it returns.',
  },
  CHAT_TEMPLATE_UNKNOWN: { 'pt-BR': 'Modelo de chat não encontrado entre os que você vê.', en: 'Chat template not found among those you see.' },
  CHAT_TEMPLATE_INACTIVE: { 'pt-BR': 'Este modelo de chat está inativo.', en: 'This chat template is inactive.' },
  CHAT_CART_UNKNOWN: { 'pt-BR': 'Carrinho não encontrado entre os do cliente desta conversa.', en: "Cart not found among this chat's customer's carts." },
  CHAT_NO_LOCATION: { 'pt-BR': 'A conversa não tem loja: informe a loja.', en: 'The chat has no store: provide the store.' },
  CHAT_NO_LIST: { 'pt-BR': 'O cliente ainda não mandou uma lista nesta conversa: informe a lista.', en: 'The customer has not sent a list in this chat yet: provide the list.' },
  CHAT_TAGS_UNKNOWN: { 'pt-BR': 'Etiquetas não encontradas nesta conta: {ids}.', en: 'Tags not found in this account: {ids}.' },
  ATTENDANT_NOT_FOUND: { 'pt-BR': 'Atendente não encontrado.', en: 'Attendant not found.' },
  ATTENDANT_EXISTS: { 'pt-BR': 'Este usuário já é atendente.', en: 'This user is already an attendant.' },
  ATTENDANT_USER_UNKNOWN: { 'pt-BR': 'Usuário não é membro ativo desta conta.', en: 'The user is not an active member of this account.' },
  ATTENDANT_LOCATIONS_UNKNOWN: { 'pt-BR': 'Lojas não encontradas nesta conta para o atendente: {ids}.', en: 'Stores not found in this account for the attendant: {ids}.' },
  ATTENDANT_REMOVED: { 'pt-BR': 'Atendente removido. As conversas dele voltaram para a fila.', en: 'Attendant removed. Their chats went back to the queue.' },
  CHAT_TAG_NOT_FOUND: { 'pt-BR': 'Etiqueta não encontrada.', en: 'Tag not found.' },
  CHAT_TAG_EXISTS: { 'pt-BR': 'Já existe uma etiqueta com o nome "{name}".', en: 'A tag named "{name}" already exists.' },
  CHAT_TAG_DELETED: { 'pt-BR': 'Etiqueta excluída com sucesso.', en: 'Tag deleted successfully.' },
  CHAT_TEMPLATE_NOT_FOUND: { 'pt-BR': 'Modelo de chat não encontrado.', en: 'Chat template not found.' },
  CHAT_TEMPLATE_EXISTS: { 'pt-BR': 'Já existe um modelo com o templateId "{key}".', en: 'A template with templateId "{key}" already exists.' },
  CHAT_TEMPLATE_GLOBAL_ADMIN: { 'pt-BR': 'Somente administradores criam ou alteram modelos globais.', en: 'Only administrators create or change global templates.' },
  CHAT_TEMPLATE_NOT_OWNER: { 'pt-BR': 'Somente o dono do modelo ou um administrador pode alterá-lo.', en: 'Only the template owner or an administrator can change it.' },
  CHAT_TEMPLATE_DELETED: { 'pt-BR': 'Modelo excluído com sucesso.', en: 'Template deleted successfully.' },
  CHAT_BOT_LOCATION_UNKNOWN: { 'pt-BR': 'Loja do robô não encontrada nesta conta.', en: "The bot's store was not found in this account." },
  TRADE_NOT_FOUND: { 'pt-BR': 'Acordo de trade não encontrado.', en: 'Trade agreement not found.' },
  TRADE_COUNTERPART_NOT_LINKED: { 'pt-BR': 'A outra parte não é uma indústria ou varejista vinculado a esta conta por marcas.', en: 'The other party is not a brand or retailer linked to this account by brands.' },
  TRADE_LOCATIONS_UNKNOWN: { 'pt-BR': 'Lojas que não são do varejista do acordo: {ids}.', en: "Stores that are not the agreement retailer's: {ids}." },
  TRADE_PRODUCTS_UNKNOWN: { 'pt-BR': 'Produtos que não são das marcas da indústria neste varejista: {ids}.', en: "Products that are not the brand's at this retailer: {ids}." },
  TRADE_NOT_EDITABLE: { 'pt-BR': 'Só o rascunho da própria conta pode ser alterado (status atual: {status}).', en: 'Only your own draft can be changed (current status: {status}).' },
  TRADE_TRANSITION_REFUSED: { 'pt-BR': 'Não é possível {action} um acordo com status "{status}".', en: 'Cannot {action} an agreement whose status is "{status}".' },
  TRADE_WRONG_SIDE: { 'pt-BR': 'Esta ação cabe {side}.', en: 'This action belongs to {side}.' },
  TRADE_REASON_REQUIRED: { 'pt-BR': 'Informe o motivo da recusa (note).', en: 'Provide the reason for the rejection (note).' },
  TRADE_PROOF_NOT_RUNNING: { 'pt-BR': 'Fotos de execução só podem ser enviadas com o acordo em andamento (status atual: {status}).', en: 'Proof photos can only be sent while the agreement is running (current status: {status}).' },
  TRADE_PROOF_RETAILER_ONLY: { 'pt-BR': 'Somente o varejista envia fotos de execução.', en: 'Only the retailer sends proof photos.' },
  TRADE_PROOF_LOCATION: { 'pt-BR': 'Informe em location_id uma loja do acordo.', en: 'Provide in location_id a store of the agreement.' },
  TRADE_PROOF_FILE_REQUIRED: { 'pt-BR': 'Envie uma foto no campo "file", depois dos campos location_id e note.', en: 'Send a photo in the field "file", after the fields location_id and note.' },
  TRADE_PROOF_TYPE: { 'pt-BR': 'Envie uma imagem JPEG, PNG ou WebP.', en: 'Send a JPEG, PNG or WebP image.' },
  TRADE_PROPOSED: { 'pt-BR': 'Acordo enviado para aprovação da outra parte.', en: "Agreement sent for the other party's approval." },
  TRADE_APPROVED: { 'pt-BR': 'Acordo aprovado.', en: 'Agreement approved.' },
  TRADE_REJECTED: { 'pt-BR': 'Acordo recusado.', en: 'Agreement rejected.' },
  TRADE_REVISED: { 'pt-BR': 'Acordo de volta ao rascunho para revisão.', en: 'Agreement back to draft for revision.' },
  TRADE_STARTED: { 'pt-BR': 'Acordo em andamento.', en: 'Agreement running.' },
  TRADE_FINISHED: { 'pt-BR': 'Acordo concluído.', en: 'Agreement done.' },
  TRADE_CANCELED: { 'pt-BR': 'Acordo cancelado.', en: 'Agreement canceled.' },
  TV_DEVICE_NOT_FOUND: { 'pt-BR': 'TV não encontrada.', en: 'TV device not found.' },
  TV_DEVICES_PUBLISHER_ONLY: { 'pt-BR': 'TVs de digital signage são de publishers.', en: 'Digital signage TVs belong to publishers.' },
  TV_DEVICE_STORE_UNKNOWN: { 'pt-BR': 'Loja não encontrada nesta conta.', en: 'Store not found in this account.' },
  TV_DEVICE_REMOVED: { 'pt-BR': 'TV removida: ela volta a aguardar pareamento.', en: 'TV removed: it waits to be paired again.' },
  TV_DEVICES_UNAVAILABLE: { 'pt-BR': 'O cadastro de TVs está indisponível no momento. Tente novamente.', en: 'The TV device store is unavailable. Please try again.' },
  // issue 24, ERP integration
  ERP_BATCH_NOT_FOUND: { 'pt-BR': 'Lote do ERP não encontrado.', en: 'ERP batch not found.' },
  ERP_BATCH_ID_REUSED: {
    'pt-BR': 'O lote {batch_id} já foi recebido com outro conteúdo: use um novo batch_id para outras linhas.',
    en: 'Batch {batch_id} was already received with other content: use a new batch_id for other rows.',
  },
  ERP_CALLBACK_NOT_ENABLED: { 'pt-BR': 'Ative o envio de avisos com uma URL antes de testar.', en: 'Enable callbacks with a URL before testing.' },
} satisfies Catalog;

export type MessageCode = keyof typeof messages;

export function translate(code: MessageCode, lang: Lang, params: Record<string, string | number> = {}): string {
  const template = messages[code][lang] ?? messages[code]['pt-BR'];
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k] ?? `{${k}}`));
}

/** `Accept-Language: en…` gives English; anything else, pt-BR. */
export function langFrom(header: string | string[] | undefined): Lang {
  const v = Array.isArray(header) ? header[0] : header;
  if (!v) return 'pt-BR';
  const first = v.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'pt-BR';
}

/**
 * Field details the modules write themselves (checks of a multipart form, of the caller's account),
 * in pt-BR as the modules write them, worded in English by the error envelope. The contracts' own
 * messages are in `CONTRACT_MESSAGES` (@backoffice/contracts).
 */
export const detailMessages = {
  FILE_REQUIRED: { 'pt-BR': 'Envie um arquivo no campo "file".', en: 'Send a file in the "file" field.' },
  FLYER_MEDIA_TYPES: { 'pt-BR': 'Envie JPEG, PNG, WebP, GIF, PDF ou MP4.', en: 'Send JPEG, PNG, WebP, GIF, PDF or MP4.' },
  AD_MEDIA_TYPES: { 'pt-BR': 'Envie JPEG, PNG, WebP, GIF ou MP4.', en: 'Send JPEG, PNG, WebP, GIF or MP4.' },
  AD_IMAGE_TYPES: { 'pt-BR': 'Envie JPEG, PNG, WebP ou GIF.', en: 'Send JPEG, PNG, WebP or GIF.' },
  AD_FILE_IMAGE: { 'pt-BR': 'O arquivo deve ser do tipo imagem.', en: 'The file must be an image.' },
  AD_FILE_VIDEO: { 'pt-BR': 'O arquivo deve ser do tipo vídeo.', en: 'The file must be a video.' },
  AD_SIZE_ID: { 'pt-BR': 'Informe o id numérico de um formato de banner.', en: 'Provide the numeric id of a banner size.' },
  AD_TYPE: { 'pt-BR': 'Use product, banner, sponsored_brand ou digital_signage.', en: 'Use product, banner, sponsored_brand or digital_signage.' },
  PERIOD_TOO_LONG: { 'pt-BR': 'o período pode ter no máximo {days} dias.', en: 'the period can be at most {days} days long.' },
  AMOUNT_ABOVE_ZERO: { 'pt-BR': 'o valor deve ser maior que zero.', en: 'the amount must be greater than zero.' },
  ADVERTISERS_NOT_LINKED: { 'pt-BR': 'Anunciantes sem vínculo com o publisher: {ids}.', en: 'Advertisers not linked to the publisher: {ids}.' },
  PRICE_IN_CENTS: {
    'pt-BR': 'Sua conta usa moeda em centavos: informe um número inteiro de centavos.',
    en: 'Your account uses currency in cents: provide a whole number of cents.',
  },
  PRICE_MAX: { 'pt-BR': 'O preço máximo é R$ {max}.', en: 'The maximum price is R$ {max}.' },
  OPERATOR_CPF_TAKEN: { 'pt-BR': 'Já existe um operador com este CPF nesta conta.', en: 'An operator with this CPF already exists in this account.' },
  OPERATOR_LOCATIONS_UNKNOWN: { 'pt-BR': 'Lojas não encontradas nesta conta: {ids}.', en: 'Stores not found in this account: {ids}.' },
  CUSTOMER_CPF_TAKEN: { 'pt-BR': 'Já existe um cliente com este CPF.', en: 'A customer with this CPF already exists.' },
  CUSTOMER_PHONE_TAKEN: { 'pt-BR': 'Já existe um cliente com este telefone.', en: 'A customer with this phone number already exists.' },
  CUSTOMER_ADDRESS_UNKNOWN: { 'pt-BR': 'Endereço {id} não é deste cliente.', en: "Address {id} is not this customer's." },
  CART_CUSTOMER_UNKNOWN: { 'pt-BR': 'Cliente não encontrado nesta conta.', en: 'Customer not found in this account.' },
  CART_LOCATION_UNKNOWN: { 'pt-BR': 'Loja não encontrada nesta conta.', en: 'Store not found in this account.' },
  // issue 20, product imports (the upload's `file`)
  IMPORT_FILE_TYPE: { 'pt-BR': 'Envie uma planilha CSV ou XLSX.', en: 'Send a CSV or XLSX spreadsheet.' },
  IMPORT_FILE_UNREADABLE: {
    'pt-BR': 'Não foi possível ler a planilha XLSX: salve-a de novo como XLSX ou CSV.',
    en: 'The XLSX spreadsheet could not be read: save it again as XLSX or CSV.',
  },
  IMPORT_COLUMNS_MISSING: { 'pt-BR': 'Faltam colunas obrigatórias no cabeçalho: {columns}.', en: 'Required columns are missing from the header: {columns}.' },
  IMPORT_COLUMN_REPEATED: { 'pt-BR': 'A coluna {column} aparece mais de uma vez no cabeçalho.', en: 'The column {column} appears more than once in the header.' },
  IMPORT_NO_ROWS: { 'pt-BR': 'A planilha não tem linhas de produtos abaixo do cabeçalho.', en: 'The spreadsheet has no product lines below the header.' },
  IMPORT_TOO_MANY_ROWS: {
    'pt-BR': 'A planilha passa de {max} linhas de produtos: divida-a em arquivos menores.',
    en: 'The spreadsheet has more than {max} product lines: split it into smaller files.',
  },
  CART_LINE_NOTHING: { 'pt-BR': 'a linha não diz o que comprar.', en: 'the line does not say what to buy.' },
  PAYMENT_CONFIG_EXISTS: { 'pt-BR': 'Esta loja já tem uma configuração desta forma de pagamento.', en: 'This store already has a configuration of this payment method.' },
  PAYMENT_CONFIG_ACCOUNT_EXISTS: {
    'pt-BR': 'A conta já tem um padrão para esta forma de pagamento.',
    en: 'The account already has a default for this payment method.',
  },
  PAYMENT_INSTALLMENTS_CREDIT_ONLY: { 'pt-BR': 'Parcelamento só vale para cartão de crédito.', en: 'Installments only apply to credit cards.' },
  // issue 22, messaging campaigns
  MESSAGING_TEMPLATE_NAME_TAKEN: { 'pt-BR': 'Já existe um template com este nome.', en: 'A template with this name already exists.' },
  MESSAGING_TEMPLATE_NOT_APPROVED: { 'pt-BR': 'Escolha um template aprovado pelo provedor (ou salve como rascunho).', en: 'Choose a template approved by the provider (or save as a draft).' },
  MESSAGING_CAMPAIGN_ENDED: { 'pt-BR': 'O fim deve ser no futuro para agendar o envio.', en: 'The end must be in the future to schedule sending.' },
  MESSAGING_MEDIA_TYPES: { 'pt-BR': 'Envie JPEG, PNG, MP4 ou PDF.', en: 'Send JPEG, PNG, MP4 or PDF.' },
  NOTIFICATION_EVENT_TAKEN: { 'pt-BR': 'Já existe um template de notificação para este evento.', en: 'A notification template for this event already exists.' },
  // issue 22, chats (the field details of their 422s)
  CHAT_TRANSFER_SAME: {
    'pt-BR': 'A conversa já está com este atendente: escolha outro atendente para transferir.',
    en: 'The chat is already with this attendant: choose another attendant to transfer to.',
  },
  CHAT_TRANSFER_UNKNOWN: { 'pt-BR': 'Atendente não encontrado ou inativo nesta conta.', en: 'Attendant not found or inactive in this account.' },
  CHAT_MEDIA_UNKNOWN: {
    'pt-BR': 'Mídia não encontrada: envie o arquivo por POST /api/chats/media e use o media_url devolvido.',
    en: 'Media not found: upload the file with POST /api/chats/media and use the media_url it returns.',
  },
  CHAT_TEMPLATE_UNKNOWN: { 'pt-BR': 'Modelo de chat não encontrado entre os que você vê.', en: 'Chat template not found among those you see.' },
  CHAT_TEMPLATE_INACTIVE: { 'pt-BR': 'Este modelo de chat está inativo.', en: 'This chat template is inactive.' },
  CHAT_CART_UNKNOWN: { 'pt-BR': 'Carrinho não encontrado entre os do cliente desta conversa.', en: "Cart not found among this chat's customer's carts." },
  CHAT_NO_LOCATION: { 'pt-BR': 'A conversa não tem loja: informe a loja.', en: 'The chat has no store: provide the store.' },
  CHAT_NO_LIST: { 'pt-BR': 'O cliente ainda não mandou uma lista nesta conversa: informe a lista.', en: 'The customer has not sent a list in this chat yet: provide the list.' },
  CHAT_TAGS_UNKNOWN: { 'pt-BR': 'Etiquetas não encontradas nesta conta: {ids}.', en: 'Tags not found in this account: {ids}.' },
  ATTENDANT_USER_UNKNOWN: { 'pt-BR': 'Usuário não é membro ativo desta conta.', en: 'The user is not an active member of this account.' },
  ATTENDANT_LOCATIONS_UNKNOWN: { 'pt-BR': 'Lojas não encontradas nesta conta para o atendente: {ids}.', en: 'Stores not found in this account for the attendant: {ids}.' },
  CHAT_BOT_LOCATION_UNKNOWN: { 'pt-BR': 'Loja do robô não encontrada nesta conta.', en: "The bot's store was not found in this account." },
  // issue 24, the ERP callback URL (lib of modules/erp-integration/url-guard.ts)
  ERP_URL_HTTPS: { 'pt-BR': 'Use uma URL https://.', en: 'Use an https:// URL.' },
  ERP_URL_CREDENTIALS: { 'pt-BR': 'A URL não pode conter usuário ou senha.', en: 'The URL cannot contain a user or password.' },
  ERP_URL_UNRESOLVED: { 'pt-BR': 'Não foi possível resolver o endereço {host}.', en: 'Could not resolve the address {host}.' },
  ERP_URL_BLOCKED: {
    'pt-BR': 'O endereço {host} aponta para uma rede interna ({address}: {range}): use um endereço público.',
    en: 'The address {host} points to an internal network ({address}: {range}): use a public address.',
  },
} satisfies Catalog;
