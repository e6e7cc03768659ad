import type { Messages } from './en';

// TODO(translation helper): real pt translations.
export const pt: Messages = { ...(await import('./en')).en };
