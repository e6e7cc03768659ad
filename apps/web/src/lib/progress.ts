// Owns the top progress bar (nprogress) shown while requests are in flight (spec section 7). Requests
// overlap, so the bar counts them: it starts with the first and finishes when the last one settles.
import NProgress from 'nprogress';
import 'nprogress/nprogress.css';

NProgress.configure({ showSpinner: false, trickleSpeed: 200, minimum: 0.1 });

let inFlight = 0;

export function progressStart(): void {
  inFlight += 1;
  if (inFlight === 1) NProgress.start();
}

export function progressDone(): void {
  if (inFlight === 0) return;
  inFlight -= 1;
  if (inFlight === 0) NProgress.done();
}

/** For route transitions and chunk loads that are not API requests. */
export async function withProgress<T>(work: Promise<T>): Promise<T> {
  progressStart();
  try {
    return await work;
  } finally {
    progressDone();
  }
}

export function inFlightRequests(): number {
  return inFlight;
}
