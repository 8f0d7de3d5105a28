import { MESSAGING_DEFAULT_BUTTON, MESSAGING_TEMPLATE_SAMPLE_MESSAGE, type MessagingTemplateButton } from '@backoffice/contracts';
import type { MessagingTemplate } from './api';
import type { TemplateBody } from './templates-api';

export interface TemplateFormValues {
  name: string;
  description: string;
  message: string;
  buttons: MessagingTemplateButton[];
  media_url: string | null;
  media_type: string | null;
  media_name: string | null;
}

/** A new template: the sample message (spec §5: it cannot be sent as is) and the default button. */
export function emptyTemplateValues(): TemplateFormValues {
  return { name: '', description: '', message: MESSAGING_TEMPLATE_SAMPLE_MESSAGE, buttons: [MESSAGING_DEFAULT_BUTTON], media_url: null, media_type: null, media_name: null };
}

export function templateToValues(template: MessagingTemplate): TemplateFormValues {
  return {
    name: template.name,
    description: template.description ?? '',
    message: template.message,
    buttons: [...template.buttons],
    media_url: template.media_url,
    media_type: template.media_type,
    media_name: template.media_name,
  };
}

/** The API body: line breaks of any platform become "\n" (the contract trims and checks the rest). */
export function templateValuesToBody(values: TemplateFormValues): TemplateBody {
  const description = values.description.trim();
  return {
    name: values.name.trim(),
    description: description === '' ? null : description,
    message: values.message.replace(/\r\n?/g, '\n'),
    buttons: [...values.buttons],
    media_url: values.media_url,
    media_type: values.media_type,
    media_name: values.media_name,
  };
}

/** Spec §5: creating stays disabled while the message is still the sample text. */
export const isSampleMessage = (message: string) => message.replace(/\r\n?/g, '\n').trim() === MESSAGING_TEMPLATE_SAMPLE_MESSAGE;
