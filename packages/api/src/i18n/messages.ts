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
  PROMOTION_CODE_TAKEN: {
    'pt-BR': 'Já existe uma promoção com o código de cupom "{code}" nesta conta.',
    en: 'A promotion with the coupon code "{code}" already exists in this account.',
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
