import { SpanKind } from '@opentelemetry/api';
import { getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { inSpan } from './spans';
import { tracerIfOn } from './tracing';

/**
 * A span for each GraphQL operation the API executes (over HTTP or in-process for a page),
 * named by its type and name as the client wrote them; its SQL statements are its children.
 * Variables are never recorded: they hold what people typed.
 */
export function traceOperations(): Plugin {
  return {
    onExecute({ args, executeFn, setExecuteFn }) {
      if (!tracerIfOn()) return;
      const operation = getOperationAST(args.document, args.operationName);
      const type = operation?.operation ?? 'query';
      const name = operation?.name?.value ?? 'anonymous';
      setExecuteFn((executeArgs) => inSpan(`${type} ${name}`, SpanKind.INTERNAL, { 'graphql.operation.type': type, 'graphql.operation.name': name }, async () => executeFn(executeArgs)));
    },
  };
}
