// The benchmark's live streams on a thread of their own (scripts/bench.mjs): 500 readers on the load
// generator's thread took its time from the requests it drives, so the fastest lists (about 900 to
// 1,500 requests a second) read slower with streams open whatever the server did. Here the streams
// open, the markers are written and timed on this thread's clock; the main thread says when to start
// marking and when to stop, and receives every arrival's delay.
import { parentPort, workerData } from 'node:worker_threads';
import { openLiveStreams, startMarkers } from './bench-live.mjs';

const { baseUrl, count, tokens, databaseUrl } = workerData;
let handedOut = 0;
// Ten streams to a session: the main thread signed them in.
const streams = await openLiveStreams({ baseUrl, count, signIn: async () => tokens[handedOut++] });
let marking;
parentPort.on('message', async (message) => {
  if (message === 'mark') {
    marking = await startMarkers(databaseUrl, streams);
    return;
  }
  await marking?.stop();
  // The last marker's arrivals.
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const result = { broken: streams.broken(), delays: streams.delays(), markers: streams.markers() };
  streams.close();
  parentPort.postMessage(result);
});
parentPort.postMessage('open');
