import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { GatewayEnvironment } from '../gateway.environment';
import { RequestDeadline } from './request-deadline';

/** How often overdue requests are looked for: the answer comes at most this late. */
const SWEEP_MS = 50;

/**
 * Every request and admission still waiting, and one timer that answers the overdue ones.
 * Our own because neither alternative fits: Fastify's handlerTimeout cannot pause while read-through
 * waits on the exchange, and carrying the deadline in AsyncLocalStorage costs Node 20 a promise hook
 * on every promise (a third of /prices/current's throughput, measured).
 */
@Injectable()
export class DeadlineWatch implements OnModuleDestroy {
  private readonly waiting = new Set<RequestDeadline>();
  private readonly timer: NodeJS.Timeout;

  constructor(private readonly env: GatewayEnvironment) {
    this.timer = setInterval(() => {
      this.sweep(Date.now());
    }, SWEEP_MS);
    this.timer.unref();
  }

  /** Starts the clock of a request or admission arriving now; see DeadlineAllowance. */
  start(onOverdue: () => void, allowanceMs = 0): RequestDeadline {
    const deadline = new RequestDeadline(this.env.REQUEST_DEADLINE_MS, allowanceMs, onOverdue);
    this.waiting.add(deadline);
    return deadline;
  }

  /** The request is answered (or the admission done): its clock stops. */
  settle(deadline: RequestDeadline): void {
    this.waiting.delete(deadline);
  }

  onModuleDestroy(): void {
    clearInterval(this.timer);
  }

  /** Answers every overdue request; exposed for the unit test's clock. */
  sweep(now: number): void {
    for (const deadline of this.waiting) {
      if (!deadline.isOverdue(now)) continue;
      this.waiting.delete(deadline);
      deadline.onOverdue();
    }
  }
}
