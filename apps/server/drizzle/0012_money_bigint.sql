-- Order totals, line amounts and payment amounts as bigint (docs/decisions/0047): a 9 999 999.99 元 price
-- bought three times passed integer's 2^31 cents and the order answered HTTP 500. No function or generated
-- column reads these columns (0003's goods_list_item reads goods only), so the type changes in place.
ALTER TABLE "order_lines" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "total_cents" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "amount_cents" SET DATA TYPE bigint;