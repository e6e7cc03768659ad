import type { Messages } from './en';

// TODO(translation helper): real zh translations.
export const zh: Messages = { ...(await import('./en')).en };
