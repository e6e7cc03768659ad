import type { Messages } from './en';

// TODO(translation helper): real ru translations.
export const ru: Messages = { ...(await import('./en')).en };
