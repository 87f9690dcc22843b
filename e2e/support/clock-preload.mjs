// Test-only (e2e): loaded into the built server with `node --import` by support/clock.ts, never
// in production. Shifts the process's Date (Date.now() and `new Date()`) by an offset the test
// changes at run time through the child's IPC channel ({ type: 'e2e-clock', offsetMs }), answered
// with { type: 'e2e-clock-set', offsetMs } once applied. Timers and performance.now() are untouched.
const RealDate = Date;
let offset = Number(process.env.E2E_CLOCK_OFFSET_MS ?? 0);

class ShiftedDate extends RealDate {
  constructor(...args) {
    if (args.length === 0) super(RealDate.now() + offset);
    else super(...args);
  }
  static now() {
    return RealDate.now() + offset;
  }
}
globalThis.Date = ShiftedDate;

if (process.send) {
  process.on('message', (message) => {
    if (message && message.type === 'e2e-clock' && Number.isFinite(message.offsetMs)) {
      offset = message.offsetMs;
      process.send?.({ type: 'e2e-clock-set', offsetMs: offset });
    }
  });
  // The channel must not keep the server alive after SIGTERM.
  process.channel?.unref();
}
