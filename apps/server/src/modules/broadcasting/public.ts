/**
 * The broadcasting module as the rest of the server reaches it (eslint.config.js: a module's one public file is its
 * `public.ts`): publishing Echo-compatible events to the realtime service in use (broadcaster.ts says how), and the
 * targets the server (plugins/realtime.ts) and the admin command choose between.
 */
export {
  appUrlTarget,
  createBroadcaster,
  externalTarget,
  loopbackTarget,
  socketIdOf,
  type BroadcastEvent,
  type Broadcaster,
} from './broadcaster.ts';
