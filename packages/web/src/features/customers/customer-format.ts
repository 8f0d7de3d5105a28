const date = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' });
const dateTime = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', dateStyle: 'short', timeStyle: 'short' });

/** An instant as its São Paulo day: 25/11/2026. */
export const formatDate = (iso: string) => date.format(new Date(iso));

/** An instant in São Paulo: 25/11/2026 14:05. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
