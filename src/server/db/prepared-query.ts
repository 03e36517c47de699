/**
 * A query whose SQL is built once per database (or transaction) and then run with new
 * values: drizzle's prepared query, its values `sql.placeholder`s. Building a query's SQL
 * was the largest part of the API's CPU in profiles of signed-in pages, and the queries
 * that identify the caller run in every API call, several times per page. The statement
 * is sent like any other (on PostgreSQL named by its text: named-statements.ts).
 */
export function preparedQuery<Db extends object, Query>(build: (db: Db) => Query): (db: Db) => Query {
  const built = new WeakMap<Db, Query>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
