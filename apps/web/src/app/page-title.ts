// Sets the document title to the product brand (from the platform config, never hard-coded) after every
// navigation, and again when the platform config arrives.
import type { AnyRouter } from '@tanstack/react-router';
import { selectBrandName, usePlatformStore } from '@/lib/platform-store';

export function installPageTitle(router: AnyRouter): () => void {
  const apply = () => {
    const brand = selectBrandName(usePlatformStore.getState());
    if (brand && document.title !== brand) document.title = brand;
  };
  const stopRouter = router.subscribe('onResolved', apply);
  const stopStore = usePlatformStore.subscribe(apply);
  apply();
  return () => {
    stopRouter();
    stopStore();
  };
}
