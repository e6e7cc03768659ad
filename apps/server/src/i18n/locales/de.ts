import type { Messages } from './en';

// TODO(translation helper): real de translations.
export const de: Messages = { ...(await import('./en')).en };
