// Realtime: public websocket, private websocket and the MQTT broker or external publisher.
import fp from 'fastify-plugin';
import type { AreaPluginOptions } from '@/area-plugin';

export const realtimePlugin = fp<AreaPluginOptions>(async (_app, _opts) => {}, { name: 'realtimePlugin' });
