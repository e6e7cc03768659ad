// The home area chunk: the home feature, wired to the shell's online-customer dialog, with the content
// feature's notices strip above it.
import { NoticeBanner } from '@/features/content/components/notice-banner';
import { HomePage } from '@/features/home/pages/home-page';
import { useCustomerServiceStore } from '../layout/customer-service-store';

export function HomeRoutePage() {
  const openCustomerService = useCustomerServiceStore((s) => s.show);
  return (
    <>
      <NoticeBanner />
      <HomePage onContactSupport={openCustomerService} />
    </>
  );
}
