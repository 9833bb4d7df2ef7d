// The JSON Schemas of the shared contracts (libs/contracts): every interface, class and type alias the server entry
// exports becomes one OpenAPI component schema, read from the TypeScript types themselves, so the API document
// describes exactly the shapes both sides compile against (docs/decisions/2430).
//
//   node tools/openapi/contract-schemas.mjs           writes apps/api/src/openapi/contract-schemas.generated.ts
//   node tools/openapi/contract-schemas.mjs --check   fails when that file is not what the contracts produce
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import prettier from 'prettier';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '../..');
const entry = join(root, 'libs/contracts/src/index.ts');
export const GENERATED_FILE = join(root, 'apps/api/src/openapi/contract-schemas.generated.ts');

/** Names whose JSON form is a string even though TypeScript sees an object. */
const AS_STRING = { Date: { type: 'string', format: 'date-time' } };

function contractSchemas() {
  const program = ts.createProgram([entry], {
    strict: true,
    experimentalDecorators: true,
    emitDecoratorMetadata: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const entryModule = checker.getSymbolAtLocation(program.getSourceFile(entry));
  /** Exported named shapes, by the symbol that declares them. */
  const named = new Map();
  for (let symbol of checker.getExportsOfModule(entryModule)) {
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
    const declaration = symbol.declarations?.[0];
    if (!declaration) continue;
    const isShape =
      ts.isInterfaceDeclaration(declaration) ||
      (ts.isClassDeclaration(declaration) &&
        !declaration.modifiers?.some((m) => m.kind === ts.SyntaxKind.AbstractKeyword)) ||
      (ts.isTypeAliasDeclaration(declaration) && !declaration.typeParameters);
    if (isShape && !(ts.isInterfaceDeclaration(declaration) && declaration.typeParameters)) {
      named.set(symbol, symbol.getName());
    }
  }

  const refFor = (type, self) => {
    const symbol = type.aliasSymbol && !type.aliasTypeArguments ? type.aliasSymbol : type.getSymbol();
    if (!symbol || symbol === self) return undefined;
    if (type.aliasSymbol && type.aliasTypeArguments) return undefined;
    const name = named.get(symbol);
    return name ? { $ref: `#/components/schemas/${name}` } : undefined;
  };

  const isNullish = (type) => type.flags & (ts.TypeFlags.Null | ts.TypeFlags.Undefined | ts.TypeFlags.Void);

  function schemaOf(type, self, depth = 0) {
    if (depth > 30) throw new Error(`type too deep: ${checker.typeToString(type)}`);
    const ref = refFor(type, self);
    if (ref) return ref;
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
    if (isNullish(type)) return { nullable: true, enum: [null] };
    if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', enum: [type.value] };
    if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', enum: [type.value] };
    if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', enum: [type.intrinsicName === 'true'] };
    if (flags & ts.TypeFlags.String || flags & ts.TypeFlags.TemplateLiteral) return { type: 'string' };
    if (flags & ts.TypeFlags.Number) return { type: 'number' };
    if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
    if (flags & ts.TypeFlags.Union) return unionSchema(type.types, self, depth);
    if (flags & ts.TypeFlags.Intersection) {
      return { allOf: type.types.map((member) => schemaOf(member, self, depth + 1)) };
    }
    const symbolName = type.getSymbol()?.getName();
    if (symbolName && AS_STRING[symbolName]) return AS_STRING[symbolName];
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      const elements = checker.getTypeArguments(type);
      if (checker.isTupleType(type)) {
        return {
          type: 'array',
          items: unionSchema(elements, self, depth),
          minItems: elements.length,
          maxItems: elements.length,
        };
      }
      return { type: 'array', items: schemaOf(elements[0], self, depth + 1) };
    }
    if (flags & ts.TypeFlags.Object) return objectSchema(type, self, depth);
    throw new Error(`no JSON Schema for ${checker.typeToString(type)}`);
  }

  function unionSchema(types, self, depth) {
    const present = types.filter((member) => !isNullish(member));
    const nullable = present.length < types.length;
    const literals = present.filter((member) => member.flags & ts.TypeFlags.StringLiteral);
    let schema;
    if (present.length === 0) schema = {};
    else if (literals.length === present.length)
      schema = { type: 'string', enum: literals.map((member) => member.value) };
    else if (present.every((member) => member.flags & ts.TypeFlags.BooleanLiteral)) schema = { type: 'boolean' };
    else if (present.every((member) => member.flags & ts.TypeFlags.NumberLiteral)) {
      schema = { type: 'number', enum: present.map((member) => member.value) };
    } else {
      // `false | 'x'` style unions: boolean literals fold into one boolean member.
      const booleans = present.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
      const others = present.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral));
      const members = others.map((member) => schemaOf(member, self, depth + 1));
      if (booleans.length === 2) members.push({ type: 'boolean' });
      else if (booleans.length === 1) members.push(schemaOf(booleans[0], self, depth + 1));
      schema = members.length === 1 ? members[0] : { oneOf: members };
    }
    if (!nullable) return schema;
    if (schema.$ref) return { allOf: [schema], nullable: true };
    if (schema.enum) return { ...schema, nullable: true, enum: [...schema.enum, null] };
    return { ...schema, nullable: true };
  }

  function objectSchema(type, self, depth) {
    const properties = {};
    const required = [];
    for (const property of checker.getPropertiesOfType(type)) {
      // Properties of a mapped type (`Record<Kind, X>`) have no declaration of their own.
      const declaration = property.valueDeclaration ?? property.declarations?.[0];
      if (declaration && (ts.isMethodDeclaration(declaration) || ts.isMethodSignature(declaration))) continue;
      const propertyType = declaration
        ? checker.getTypeOfSymbolAtLocation(property, declaration)
        : checker.getTypeOfSymbol(property);
      if (checker.getSignaturesOfType(propertyType, ts.SignatureKind.Call).length > 0) continue;
      const optional = (property.flags & ts.SymbolFlags.Optional) !== 0;
      // An optional field's `undefined` means "absent" in JSON, not null.
      const shown =
        optional && propertyType.flags & ts.TypeFlags.Union
          ? propertyType.types.filter((member) => !(member.flags & ts.TypeFlags.Undefined))
          : undefined;
      properties[property.getName()] = shown
        ? shown.length === 1
          ? schemaOf(shown[0], self, depth + 1)
          : unionSchema(shown, self, depth)
        : schemaOf(propertyType, self, depth + 1);
      const description = ts.displayPartsToString(property.getDocumentationComment(checker)).trim();
      if (description) properties[property.getName()] = withDescription(properties[property.getName()], description);
      if (!optional) required.push(property.getName());
    }
    const schema = { type: 'object', properties };
    if (required.length > 0) schema.required = required;
    const index = checker.getIndexInfosOfType(type)[0];
    if (index) schema.additionalProperties = schemaOf(index.type, self, depth + 1);
    return schema;
  }

  const withDescription = (schema, description) =>
    schema.$ref ? { allOf: [schema], description } : { ...schema, description };

  const schemas = {};
  for (const [symbol, name] of [...named].sort((a, b) => a[1].localeCompare(b[1]))) {
    const type = checker.getDeclaredTypeOfSymbol(symbol);
    if (checker.getSignaturesOfType(type, ts.SignatureKind.Call).length > 0) continue;
    try {
      const schema = schemaOf(type, type.aliasSymbol ?? symbol);
      const description = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
      schemas[name] = description && !schema.$ref ? { ...schema, description } : schema;
    } catch (error) {
      throw new Error(`${name}: ${error.message}`);
    }
  }
  // In OpenAPI 3.0 `nullable` only widens the `type` beside it, never a referenced or combined schema: `X | null`
  // becomes anyOf X or a schema whose only value is null (typed like X, so Redocly's structure rule holds).
  const typeOf = (schema) =>
    schema.$ref ? typeOf(schemas[schema.$ref.replace('#/components/schemas/', '')] ?? {}) : schema.type;
  const typeNullableRefs = (node) => {
    if (Array.isArray(node)) node.forEach(typeNullableRefs);
    else if (typeof node === 'object' && node !== null) {
      if (node.nullable && !node.type && (node.allOf || node.oneOf)) {
        const members = node.oneOf ?? (node.allOf.length === 1 ? node.allOf : [{ allOf: node.allOf }]);
        delete node.nullable;
        delete node.allOf;
        delete node.oneOf;
        node.anyOf = [...members, { type: typeOf(members[0]) ?? 'object', nullable: true, enum: [null] }];
      }
      Object.values(node).forEach(typeNullableRefs);
    }
  };
  typeNullableRefs(schemas);
  return schemas;
}

export async function generatedSource() {
  const schemas = contractSchemas();
  const source = [
    '// Generated by tools/openapi/contract-schemas.mjs from the types of libs/contracts: do not edit by hand.',
    '// Regenerate after changing a contract: node tools/openapi/contract-schemas.mjs',
    "import type { ReferenceObject, SchemaObject } from '@nestjs/swagger';",
    '',
    `export type ContractSchemaName = ${Object.keys(schemas)
      .map((name) => `'${name}'`)
      .join(' | ')};`,
    '',
    `export const CONTRACT_SCHEMAS: Record<ContractSchemaName, SchemaObject | ReferenceObject> = ${JSON.stringify(schemas)};`,
    '',
  ].join('\n');
  const options = (await prettier.resolveConfig(GENERATED_FILE)) ?? {};
  return prettier.format(source, { ...options, filepath: GENERATED_FILE });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const source = await generatedSource();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(GENERATED_FILE, 'utf8');
    } catch {
      // missing: reported below
    }
    if (current !== source) {
      console.error(
        `${GENERATED_FILE} does not match libs/contracts: run node tools/openapi/contract-schemas.mjs and commit it`,
      );
      process.exit(1);
    }
    console.log('contract schemas are current');
  } else {
    writeFileSync(GENERATED_FILE, source);
    console.log(`wrote ${GENERATED_FILE}`);
  }
}
