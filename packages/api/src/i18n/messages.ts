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
  WALLET_IDEMPOTENCY_CONFLICT: {
    'pt-BR': 'Esta chave de idempotência já foi usada em uma recarga de outro valor. Gere uma nova chave para uma nova recarga.',
    en: 'This idempotency key was already used for a recharge of another amount. Use a new key for a new recharge.',
  },
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
  RESET_CODE_INVALID: { 'pt-BR': 'Código de redefinição inválido ou expirado.', en: 'Invalid or expired reset code.' },
  WRONG_CURRENT_PASSWORD: { 'pt-BR': 'A senha atual está incorreta.', en: 'The current password is incorrect.' },
  WRONG_PASSWORD: { 'pt-BR': 'Senha incorreta.', en: 'Incorrect password.' },
  SERVICE_UNAVAILABLE: { 'pt-BR': 'Serviço indisponível no momento. Tente novamente.', en: 'Service unavailable. Please try again.' },
  INTERNAL_ERROR: { 'pt-BR': 'Ocorreu um erro inesperado. Tente novamente.', en: 'An unexpected error occurred. Please try again.' },
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
  FLYER_DELETED: { 'pt-BR': 'Encarte excluído com sucesso.', en: 'Flyer deleted successfully.' },
  FLYER_CANCELED: { 'pt-BR': 'Encarte cancelado com sucesso.', en: 'Flyer canceled successfully.' },
  FLYER_FINISHED: { 'pt-BR': 'Encarte finalizado com sucesso.', en: 'Flyer finished successfully.' },
  FLYER_PAUSED: { 'pt-BR': 'Encarte pausado com sucesso.', en: 'Flyer paused successfully.' },
  FLYER_REACTIVATED: { 'pt-BR': 'Encarte reativado com sucesso.', en: 'Flyer reactivated successfully.' },
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
