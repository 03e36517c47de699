-- A company's invoices searched by part of their number: with this index each part of the
-- search (number, talent, either party) reads its own index, instead of every invoice of
-- the company joined with its talent and parties (212 ms for a large tenant's 57,500).
CREATE INDEX "invoice_number_trgm_idx" ON "invoice" USING gin ("number" gin_trgm_ops);
