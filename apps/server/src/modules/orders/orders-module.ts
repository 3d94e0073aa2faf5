// Assembles the cart and orders: services, routes, the back office's order desk and this instance's
// expiry job (ADR 0023, 0025).
import type { FastifyInstance } from "fastify";
import type { Env } from "../../config/env.js";
import type { Db } from "../../db/client.js";
import { type Clock, systemClock } from "../../lib/clock.js";
import type { JobMetrics } from "../../lib/metrics.js";
import { ordersAdminRoutes } from "./admin-routes.js";
import { AfterSaleDesk } from "./after-sale-desk.js";
import { AfterSalesService } from "./after-sales.js";
import { cartRoutes } from "./cart-routes.js";
import { CartService } from "./cart-service.js";
import { DEFAULT_EXPIRY_POLICY, type ExpiryPolicy, OrderExpiryJob } from "./expiry-job.js";
import { OrderDesk } from "./order-desk.js";
import type { ReturnRefunds } from "./return-refunds.js";
import { ordersRoutes } from "./routes.js";
import { OrdersService } from "./service.js";

export type { ReturnRefundInput, ReturnRefunds } from "./return-refunds.js";

/** What tests replace: the clock, the expiry timing, or the job altogether. */
export interface OrdersOverrides {
  now?: Clock;
  expiry?: Partial<ExpiryPolicy>;
  /** false: no expiry job in this instance (another one cancels the expired orders). */
  runExpiry?: boolean;
  /**
   * How an approved return starts its refund: the payments module's (docs/decisions/0064), or a
   * test's recording fake. Absent: approving a return is refused.
   */
  returnRefunds?: ReturnRefunds;
}

/**
 * What the orders module gives the rest of the server: the service, its expiry job and the desk
 * (the dashboard's figures).
 */
export interface OrdersModule {
  orders: OrdersService;
  job: OrderExpiryJob;
  desk: OrderDesk;
  afterSales: AfterSaleDesk;
}

export interface OrdersOptions extends OrdersOverrides {
  env: Env;
  db: Db;
  metrics?: JobMetrics;
  /** The back office's clock (the desk's audit rows and dashboard days). */
  backOfficeNow: Clock;
}

export function registerOrders(app: FastifyInstance, options: OrdersOptions): OrdersModule {
  const { env, db } = options;
  const now = options.now ?? systemClock;
  const orders = new OrdersService(db, now);
  cartRoutes(app, new CartService(db, now));
  ordersRoutes(app, orders, new AfterSalesService(db, now));
  const desk = new OrderDesk(db, options.backOfficeNow);
  const afterSales = new AfterSaleDesk(db, options.backOfficeNow, app.log, options.returnRefunds);
  ordersAdminRoutes(app, desk, afterSales);
  const job = new OrderExpiryJob(db, {
    policy: { ...DEFAULT_EXPIRY_POLICY, pollMs: env.ORDER_EXPIRY_POLL_MS, ...options.expiry },
    now,
    log: app.log,
    metrics: options.metrics,
  });
  if (options.runExpiry !== false) job.runWhileServing(app);
  return { orders, job, desk, afterSales };
}
