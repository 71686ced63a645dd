/**
 * Lets every other request and event in this isolate have its turn before a long chain of D1
 * (or R2) calls goes on. Locally (wrangler dev, the tests) D1 and R2 run inside the same workerd
 * process, so each call answers without any socket I/O, and workerd's event loop only reads its
 * sockets and fires timers when nothing else is ready: a report's chain of page reads kept every
 * incoming request waiting until the whole report was written (about 10 s at 100,000 videos). A
 * timer makes the loop look at its sockets and timers in between. On Cloudflare each D1 call is
 * network I/O already, so this costs one timer tick.
 */
export const yieldTurn = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));
