// The home area chunk: the home feature, wired to the shell's online-customer dialog.
import { HomePage } from '@/features/home/pages/home-page';
import { useCustomerServiceStore } from '../layout/customer-service-store';

export function HomeRoutePage() {
  const openCustomerService = useCustomerServiceStore((s) => s.show);
  return <HomePage onContactSupport={openCustomerService} />;
}
