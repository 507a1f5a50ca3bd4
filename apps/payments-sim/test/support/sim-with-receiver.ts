import {
  type PaymentsSim,
  PAYMENTS_SIM_WEBHOOK_SECRET,
  startPaymentsSim,
  startWebhookReceiver,
  type WebhookReceiver,
} from '@pds/testing';

/** The simulator and the receiver of its webhooks, for the tests of one file. */
export interface SimWithReceiver {
  readonly sim: PaymentsSim;
  readonly receiver: WebhookReceiver;
}

/**
 * Starts a webhook receiver and a simulator delivering to it before the file's tests and stops both
 * after them; with `resetBeforeEach`, each test starts from an empty ledger and no webhook received.
 */
export function simWithReceiver(options: { resetBeforeEach?: boolean } = {}): SimWithReceiver {
  let started: SimWithReceiver | undefined;
  const running = (): SimWithReceiver => {
    if (!started) throw new Error('the payments simulator is not started (used outside a test?)');
    return started;
  };
  beforeAll(async () => {
    const receiver = await startWebhookReceiver(PAYMENTS_SIM_WEBHOOK_SECRET);
    started = { receiver, sim: await startPaymentsSim(receiver.url) };
  });
  if (options.resetBeforeEach) {
    beforeEach(async () => {
      await running().sim.control('POST', '/reset');
      running().receiver.received.length = 0;
    });
  }
  afterAll(async () => {
    await started?.sim.app.stop();
    await started?.receiver.close();
  });
  return {
    get sim() {
      return running().sim;
    },
    get receiver() {
      return running().receiver;
    },
  };
}
