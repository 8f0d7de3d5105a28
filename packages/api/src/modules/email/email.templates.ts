import type { Lang } from '../../i18n/messages.ts';

interface Rendered {
  subject: string;
  text: string;
  html: string;
}

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function render(lines: string[], link: { label: string; url: string }, subject: string): Rendered {
  const text = [...lines, '', `${link.label}: ${link.url}`].join('\n');
  const html =
    lines.map((l) => `<p>${escape(l)}</p>`).join('') +
    `<p><a href="${escape(link.url)}" style="background:#1c7ed6;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escape(link.label)}</a></p>`;
  return { subject, text, html };
}

export function inviteEmail(p: { lang: Lang; name: string; accountName: string; inviterName: string; url: string; days: number }): Rendered {
  if (p.lang === 'en') {
    return render(
      [`Hello, ${p.name}!`, `${p.inviterName} invited you to join ${p.accountName}.`, `The invite expires in ${p.days} days.`],
      { label: 'Accept invite', url: p.url },
      `Invitation to ${p.accountName}`,
    );
  }
  return render(
    [`Olá, ${p.name}!`, `${p.inviterName} convidou você para acessar a conta ${p.accountName}.`, `O convite vale por ${p.days} dias.`],
    { label: 'Aceitar convite', url: p.url },
    `Convite para ${p.accountName}`,
  );
}

export function passwordRecoveryEmail(p: { lang: Lang; name: string; url: string; minutes: number }): Rendered {
  if (p.lang === 'en') {
    return render(
      [`Hello, ${p.name}!`, 'We received a request to reset your password.', `The link is valid for ${p.minutes} minutes and can be used once. If you did not ask for it, ignore this email.`],
      { label: 'Reset password', url: p.url },
      'Password reset',
    );
  }
  return render(
    [`Olá, ${p.name}!`, 'Recebemos um pedido para redefinir a sua senha.', `O link vale por ${p.minutes} minutos e pode ser usado uma vez. Se não foi você, ignore este e-mail.`],
    { label: 'Redefinir senha', url: p.url },
    'Redefinição de senha',
  );
}
