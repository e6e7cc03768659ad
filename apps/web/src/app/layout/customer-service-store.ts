// Open state of the online-customer dialog, which the top bar, the footer and the home page open.
import { create } from 'zustand';

interface CustomerServiceState {
  open: boolean;
  show: () => void;
  hide: () => void;
}

export const useCustomerServiceStore = create<CustomerServiceState>()((set) => ({
  open: false,
  show: () => set({ open: true }),
  hide: () => set({ open: false }),
}));
