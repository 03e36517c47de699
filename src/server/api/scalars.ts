import { GraphQLError, Kind } from 'graphql';
import { builder } from './builder';

const DECIMAL = /^-?\d{1,12}(\.\d{1,2})?$/;

builder.scalarType('DateTime', {
  description: 'An instant as an ISO 8601 string',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: (value) => {
    const date = typeof value === 'string' ? new Date(value) : null;
    if (!date || Number.isNaN(date.getTime())) throw new GraphQLError('DateTime must be an ISO 8601 string');
    return date;
  },
});

builder.scalarType('Decimal', {
  description: 'An exact amount with at most two decimals, as a string ("1234.50"): money never travels as a float',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !DECIMAL.test(value)) throw new GraphQLError('Decimal must be a string such as "1234.50"');
    return value;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.STRING || !DECIMAL.test(ast.value)) throw new GraphQLError('Decimal must be a string such as "1234.50"');
    return ast.value;
  },
});

builder.scalarType('JSON', {
  description: 'A JSON value',
  serialize: (value) => value,
  parseValue: (value) => value,
});

builder.scalarType('File', {
  description: 'A file sent as a part of a multipart/form-data request (GraphQL multipart request spec); input only',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
  parseValue: (value) => {
    if (!(value instanceof File)) throw new GraphQLError('File must be sent as a file part of a multipart/form-data request');
    return value;
  },
});
