import type { Messages } from './en';

// TODO(translation helper): real ko translations.
export const ko: Messages = { ...(await import('./en')).en };
