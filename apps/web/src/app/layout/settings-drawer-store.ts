// Open state of the settings drawer (language, currency, theme, time zone and time format).
import { create } from 'zustand';

interface SettingsDrawerState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

export const useSettingsDrawerStore = create<SettingsDrawerState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
