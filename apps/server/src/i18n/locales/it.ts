import type { Messages } from './en';

// TODO(translation helper): real it translations.
export const it: Messages = { ...(await import('./en')).en };
