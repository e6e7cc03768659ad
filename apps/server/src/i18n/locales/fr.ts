import type { Messages } from './en';

// TODO(translation helper): real fr translations.
export const fr: Messages = { ...(await import('./en')).en };
