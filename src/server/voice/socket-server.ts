import { WebSocketServer } from "ws";

/**
 * The largest client message: one turn's audio (60 s of 24 kHz PCM16) in base64 with its JSON around it.
 * `ws` closes the socket (1009) on anything larger, before it is buffered whole.
 */
export const VOICE_MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * The WebSocket server @hono/node-server upgrades the voice route with (given to `serve`). One message per
 * turn of the event loop (`allowSynchronousEvents: false`): frames that arrive together are otherwise
 * parsed and handled in one go, and a burst of them holds every other request until the last is done.
 */
export function createVoiceSocketServer(): WebSocketServer {
  return new WebSocketServer({
    noServer: true,
    maxPayload: VOICE_MAX_MESSAGE_BYTES,
    allowSynchronousEvents: false,
  });
}
