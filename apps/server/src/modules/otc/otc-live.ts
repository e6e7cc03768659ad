// Live messages of spec section 4 for OTC orders and appeals: one frame per party on the private
// websocket (type 'OTC') and MQTT, the merchant's copy also on the merchant's own topic
// (coin/merchant/{merchantId}). The client shows a popup unless `changeUser` is the reader itself.
import type { FastifyInstance } from 'fastify';
import { mqttTopics } from '@/realtime/mqtt';

export interface OtcLiveMessage {
  type: 'otc' | 'appeal';
  /** '1' a new order, '0' a status change. */
  isNew: '1' | '0';
  /** A web message key (otc.live.<status>). */
  content: string;
  orderCode: string;
  status: string;
  /** The user id that made the change ('0': the system or an operator). */
  changeUser: string;
  serviceType: 'otc';
  /** 1 when this copy is for the merchant side. */
  link_merchant: 0 | 1;
}

export function pushOrderChange(
  app: FastifyInstance,
  o: { orderCode: string; userId: bigint; merchantUserId: bigint; merchantId: bigint; status: string },
  change: { type: 'otc' | 'appeal'; isNew: boolean; by: bigint | null },
): void {
  if (!app.hasDecorator('realtime')) return;
  const base = {
    type: change.type,
    isNew: change.isNew ? '1' : '0',
    content: `otc.live.${change.type === 'appeal' ? 'appeal' : o.status}`,
    orderCode: o.orderCode,
    status: o.status,
    changeUser: change.by === null ? '0' : change.by.toString(),
    serviceType: 'otc',
  } as const;
  const forUser: OtcLiveMessage = { ...base, link_merchant: 0 };
  const forMerchant: OtcLiveMessage = { ...base, link_merchant: 1 };
  app.realtime.publishUser(o.userId.toString(), 'OTC', forUser);
  app.realtime.publishUser(o.merchantUserId.toString(), 'OTC', forMerchant);
  app.realtime.live.publish(
    mqttTopics.merchant(o.merchantId.toString()),
    Buffer.from(JSON.stringify({ type: 'OTC', data: forMerchant })),
  );
}
