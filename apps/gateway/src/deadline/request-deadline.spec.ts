import { currentDeadline, DeadlineExceededError, withDeadline } from './request-deadline';

describe('RequestDeadline', () => {
  beforeEach(() => {
    jest.useFakeTimers();
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('should give a call that answers in time its answer', async () => {
    await withDeadline(900, async (deadline) => {
      await expect(deadline.bound(Promise.resolve('ok'))).resolves.toBe('ok');
    });
  });

  it('should end every call still waiting at the deadline, however many there were before', async () => {
    await withDeadline(900, async (deadline) => {
      const first = deadline.bound(new Promise<string>((resolve) => setTimeout(resolve, 500, 'first')));
      jest.advanceTimersByTime(500);
      await expect(first).resolves.toBe('first');
      const second = deadline.bound(new Promise<never>(() => undefined));
      jest.advanceTimersByTime(400);
      await expect(second).rejects.toBeInstanceOf(DeadlineExceededError);
      // Once past, a further call is refused at once instead of being started.
      await expect(deadline.bound(Promise.resolve('late'))).rejects.toBeInstanceOf(DeadlineExceededError);
    });
  });

  it('should give Redis its full time again after a restart', async () => {
    await withDeadline(900, async (deadline) => {
      jest.advanceTimersByTime(2000);
      deadline.restart(900);
      await expect(deadline.bound(Promise.resolve('again'))).resolves.toBe('again');
    });
  });

  it('should not let an abandoned call that fails later go unhandled', async () => {
    const unhandled = jest.fn();
    process.on('unhandledRejection', unhandled);
    await withDeadline(100, async (deadline) => {
      const late = new Promise<never>((_resolve, reject) => {
        setTimeout(() => {
          reject(new Error('Command timed out'));
        }, 1000);
      });
      const bounded = deadline.bound(late);
      jest.advanceTimersByTime(100);
      await expect(bounded).rejects.toBeInstanceOf(DeadlineExceededError);
      jest.advanceTimersByTime(900);
    });
    // Node reports unhandled rejections after the microtasks of a turn: wait for a real next turn.
    jest.useRealTimers();
    await new Promise(setImmediate);
    process.off('unhandledRejection', unhandled);
    expect(unhandled).not.toHaveBeenCalled();
  });

  it('should have no deadline outside a request', () => {
    expect(currentDeadline()).toBeUndefined();
    withDeadline(900, (deadline) => {
      expect(currentDeadline()).toBe(deadline);
    });
  });
});
