// The OTC area chunk.
import { AreaPage } from './area-page';

export function OtcCommonPage() {
  return <AreaPage page="otcCommon" />;
}

export function OtcOrderPage() {
  return <AreaPage page="otcOrder" />;
}

export function OtcOrdinaryPage() {
  return <AreaPage page="otcOrdinary" />;
}
