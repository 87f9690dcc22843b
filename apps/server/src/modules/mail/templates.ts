import { DEFAULT_LOCALE, SUPPORTED_LOCALES, type Locale } from '@antenne/contract';
import type { Mail } from './mailer.js';

export type MailKind = 'verify-email' | 'reset-password' | 'change-email';

interface Wording {
  subject: string;
  greeting: (name: string) => string;
  body: string;
  action: string;
  ignore: string;
}

/** The three mails of the identity service, in the five interface languages. */
const WORDING: Record<Locale, Record<MailKind, Wording>> = {
  fr: {
    'verify-email': {
      subject: 'Confirmez votre adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Pour activer votre compte Antenne, confirmez votre adresse e-mail en suivant ce lien :',
      action: 'Confirmer mon adresse',
      ignore: "Si vous n'avez pas créé de compte, ignorez ce message.",
    },
    'reset-password': {
      subject: 'Réinitialisez votre mot de passe',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Vous avez demandé un nouveau mot de passe pour votre compte Antenne. Choisissez-le en suivant ce lien (valable une heure) :',
      action: 'Choisir un nouveau mot de passe',
      ignore:
        "Si vous n'êtes pas à l'origine de cette demande, ignorez ce message : votre mot de passe ne change pas.",
    },
    'change-email': {
      subject: 'Confirmez votre nouvelle adresse e-mail',
      greeting: (name) => `Bonjour ${name},`,
      body: 'Pour utiliser cette adresse avec votre compte Antenne, confirmez-la en suivant ce lien :',
      action: 'Confirmer cette adresse',
      ignore: "Si vous n'avez rien demandé, ignorez ce message.",
    },
  },
  en: {
    'verify-email': {
      subject: 'Confirm your email address',
      greeting: (name) => `Hello ${name},`,
      body: 'To activate your Antenne account, confirm your email address by following this link:',
      action: 'Confirm my address',
      ignore: 'If you did not create an account, ignore this message.',
    },
    'reset-password': {
      subject: 'Reset your password',
      greeting: (name) => `Hello ${name},`,
      body: 'You asked for a new password for your Antenne account. Choose it by following this link (valid for one hour):',
      action: 'Choose a new password',
      ignore: 'If you did not ask for this, ignore this message: your password stays the same.',
    },
    'change-email': {
      subject: 'Confirm your new email address',
      greeting: (name) => `Hello ${name},`,
      body: 'To use this address with your Antenne account, confirm it by following this link:',
      action: 'Confirm this address',
      ignore: 'If you did not ask for anything, ignore this message.',
    },
  },
  de: {
    'verify-email': {
      subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
      greeting: (name) => `Hallo ${name},`,
      body: 'Um Ihr Antenne-Konto zu aktivieren, bestätigen Sie Ihre E-Mail-Adresse über diesen Link:',
      action: 'Adresse bestätigen',
      ignore: 'Wenn Sie kein Konto erstellt haben, ignorieren Sie diese Nachricht.',
    },
    'reset-password': {
      subject: 'Setzen Sie Ihr Passwort zurück',
      greeting: (name) => `Hallo ${name},`,
      body: 'Sie haben ein neues Passwort für Ihr Antenne-Konto angefordert. Wählen Sie es über diesen Link (eine Stunde gültig):',
      action: 'Neues Passwort wählen',
      ignore:
        'Wenn Sie das nicht angefordert haben, ignorieren Sie diese Nachricht: Ihr Passwort bleibt unverändert.',
    },
    'change-email': {
      subject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
      greeting: (name) => `Hallo ${name},`,
      body: 'Um diese Adresse mit Ihrem Antenne-Konto zu verwenden, bestätigen Sie sie über diesen Link:',
      action: 'Diese Adresse bestätigen',
      ignore: 'Wenn Sie nichts angefordert haben, ignorieren Sie diese Nachricht.',
    },
  },
  es: {
    'verify-email': {
      subject: 'Confirme su dirección de correo electrónico',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Para activar su cuenta de Antenne, confirme su dirección de correo electrónico siguiendo este enlace:',
      action: 'Confirmar mi dirección',
      ignore: 'Si no ha creado ninguna cuenta, ignore este mensaje.',
    },
    'reset-password': {
      subject: 'Restablezca su contraseña',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Ha solicitado una nueva contraseña para su cuenta de Antenne. Elíjala siguiendo este enlace (válido durante una hora):',
      action: 'Elegir una nueva contraseña',
      ignore: 'Si no lo ha solicitado, ignore este mensaje: su contraseña no cambia.',
    },
    'change-email': {
      subject: 'Confirme su nueva dirección de correo electrónico',
      greeting: (name) => `Hola, ${name}:`,
      body: 'Para usar esta dirección con su cuenta de Antenne, confírmela siguiendo este enlace:',
      action: 'Confirmar esta dirección',
      ignore: 'Si no ha solicitado nada, ignore este mensaje.',
    },
  },
  ar: {
    'verify-email': {
      subject: 'أكِّد عنوان بريدك الإلكتروني',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'لتفعيل حسابك على Antenne، أكِّد عنوان بريدك الإلكتروني عبر هذا الرابط:',
      action: 'تأكيد عنواني',
      ignore: 'إذا لم تُنشئ حسابًا، فتجاهل هذه الرسالة.',
    },
    'reset-password': {
      subject: 'أعِد تعيين كلمة المرور',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'طلبتَ كلمة مرور جديدة لحسابك على Antenne. اخترها عبر هذا الرابط (صالح لمدة ساعة):',
      action: 'اختيار كلمة مرور جديدة',
      ignore: 'إذا لم تطلب ذلك، فتجاهل هذه الرسالة: لن تتغير كلمة مرورك.',
    },
    'change-email': {
      subject: 'أكِّد عنوان بريدك الإلكتروني الجديد',
      greeting: (name) => `مرحبًا ${name}،`,
      body: 'لاستخدام هذا العنوان مع حسابك على Antenne، أكِّده عبر هذا الرابط:',
      action: 'تأكيد هذا العنوان',
      ignore: 'إذا لم تطلب شيئًا، فتجاهل هذه الرسالة.',
    },
  },
};

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The first supported language of an Accept-Language header or a stored choice; fr otherwise. */
export function mailLocale(...candidates: (string | null | undefined)[]): Locale {
  for (const candidate of candidates) {
    for (const part of (candidate ?? '').split(',')) {
      const tag = part.split(';')[0]?.trim().slice(0, 2).toLowerCase();
      if ((SUPPORTED_LOCALES as readonly string[]).includes(tag ?? '')) return tag as Locale;
    }
  }
  return DEFAULT_LOCALE;
}

/** A mail of `kind` to `to`, in `locale`, text and HTML, around the action `url`. */
export function renderMail(
  kind: MailKind,
  locale: Locale,
  { to, name, url }: { to: string; name: string; url: string },
): Mail {
  const w = WORDING[locale][kind];
  const displayName = name.trim() || to.split('@')[0] || to;
  const text = `${w.greeting(displayName)}\n\n${w.body}\n${url}\n\n${w.ignore}\n\n— Antenne\n`;
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const html = `<!doctype html><html lang="${locale}" dir="${dir}"><body style="font-family:sans-serif;line-height:1.5">
<p>${escapeHtml(w.greeting(displayName))}</p>
<p>${escapeHtml(w.body)}</p>
<p><a href="${escapeHtml(url)}" style="display:inline-block;padding:10px 16px;background:#0b1f3a;color:#fff;border-radius:4px;text-decoration:none">${escapeHtml(w.action)}</a></p>
<p style="font-size:small">${escapeHtml(url)}</p>
<p style="color:#555">${escapeHtml(w.ignore)}</p>
<p>— Antenne</p>
</body></html>`;
  return { to, subject: w.subject, text, html };
}
