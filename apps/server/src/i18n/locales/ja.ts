import type { Messages } from './en';

// TODO(translation helper): real ja translations.
export const ja: Messages = { ...(await import('./en')).en };
