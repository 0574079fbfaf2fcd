/**
 * What a Lambda's code can do to AWS, read from the source with the TypeScript checker: from the
 * named imports of a bundle's entry module (the handler's `main`, `wrap`, whatever else the entry
 * hands in), every function, variable and method of functions/ and shared/ that the code refers to
 * is followed — the same reachability esbuild's tree-shaking keeps — and every call into the AWS
 * SDK or ElectroDB met on the way is turned into the grant it needs:
 *
 *   ElectroDB get/query/find/match/scan/collections, DynamoDB Get/BatchGet/Query/Scan  → table:read
 *   ElectroDB put/create/upsert/update/patch/delete/remove/transaction.write,
 *   DynamoDB Put/Update/Delete/BatchWrite/TransactWrite                                 → table:write
 *   S3 HeadObject/GetObject/ListObjects                                                 → images:read
 *   S3 PutObject (a presigned upload too)/DeleteObject(s)                               → images:write
 *   S3 CopyObject (GetObject on the source, PutObject on the copy)          → images:read and images:write
 *   the same S3 calls in functions/lib/private-objects.ts                   → private:read, private:write
 *   Lambda Invoke (the export job)                                          → export:start
 *   SES SendEmail → mail; SNS Publish → sms
 *
 * It errs on the side of "needs": a branch never taken in the cloud (the local outbox, the
 * in-process sweep) still counts. The local host enforces no IAM, so this is how a route that
 * lacks a grant is caught before the cloud answers AccessDenied.
 */
import { join, relative, sep } from 'node:path';
import ts from 'typescript';
import type { Grant } from '../../functions/lib/route-types';

export interface Use {
  grant: Grant;
  /** `ElectroDB put` or `@aws-sdk/client-s3 PutObjectCommand`. */
  call: string;
  /** `functions/posts/write.ts:123`. */
  at: string;
}

/** One bundle's entry: its virtual source (infra/aws/bundle.ts planEntries / planJobEntries). */
export interface EntrySource {
  name: string;
  source: string;
}

const ELECTRODB_READS = new Set(['get', 'query', 'find', 'match', 'scan', 'collections']);
const ELECTRODB_WRITES = new Set(['put', 'create', 'upsert', 'update', 'patch', 'delete', 'remove', 'write']);

/** SDK commands by package: the grants each needs. Commands not listed (Secrets Manager) need none of the route grants. */
const SDK_COMMANDS: Record<string, Record<string, Grant | Grant[]>> = {
  '@aws-sdk/lib-dynamodb': {
    GetCommand: 'table:read',
    BatchGetCommand: 'table:read',
    QueryCommand: 'table:read',
    ScanCommand: 'table:read',
    TransactGetCommand: 'table:read',
    PutCommand: 'table:write',
    UpdateCommand: 'table:write',
    DeleteCommand: 'table:write',
    BatchWriteCommand: 'table:write',
    TransactWriteCommand: 'table:write',
  },
  '@aws-sdk/client-dynamodb': {
    GetItemCommand: 'table:read',
    BatchGetItemCommand: 'table:read',
    QueryCommand: 'table:read',
    ScanCommand: 'table:read',
    TransactGetItemsCommand: 'table:read',
    PutItemCommand: 'table:write',
    UpdateItemCommand: 'table:write',
    DeleteItemCommand: 'table:write',
    BatchWriteItemCommand: 'table:write',
    TransactWriteItemsCommand: 'table:write',
  },
  '@aws-sdk/client-s3': {
    HeadObjectCommand: 'images:read',
    GetObjectCommand: 'images:read',
    ListObjectsV2Command: 'images:read',
    PutObjectCommand: 'images:write',
    DeleteObjectCommand: 'images:write',
    DeleteObjectsCommand: 'images:write',
    CopyObjectCommand: ['images:read', 'images:write'],
    // A multipart upload: a PutObject in IAM's terms (its abort is asked for with it).
    CreateMultipartUploadCommand: 'images:write',
    UploadPartCommand: 'images:write',
    CompleteMultipartUploadCommand: 'images:write',
    AbortMultipartUploadCommand: 'images:write',
  },
  '@aws-sdk/client-lambda': { InvokeCommand: 'export:start' },
  '@aws-sdk/client-sesv2': { SendEmailCommand: 'mail' },
  '@aws-sdk/client-ses': { SendEmailCommand: 'mail', SendRawEmailCommand: 'mail' },
  '@aws-sdk/client-sns': { PublishCommand: 'sms' },
};
/** The one module whose S3 calls act on the bucket's private prefix (`private/`), not on `images/`. */
const PRIVATE_OBJECTS_MODULE = 'functions/lib/private-objects.ts:';
const privateGrant = (grant: Grant): Grant => (grant === 'images:read' ? 'private:read' : grant === 'images:write' ? 'private:write' : grant);

/** SDK packages whose commands are known: any other command of theirs fails the analysis (add it above). */
const KNOWN_SDK_COMMANDS = new Set([
  'GetSecretValueCommand',
  // Posting a frame to a socket, closing one: no route grant, the jobs' `manageConnections` access (test/infra/realtime.test.ts).
  'PostToConnectionCommand',
  'DeleteConnectionCommand',
]);

/** `…/node_modules/@aws-sdk/client-s3/dist-types/…` → `@aws-sdk/client-s3`. */
function packageOf(file: string): string | undefined {
  const parts = file.split('/node_modules/');
  if (parts.length < 2) return undefined;
  const rest = parts[parts.length - 1]!.split('/');
  return rest[0]!.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
}

export class HandlerEffects {
  private readonly program: ts.Program;
  private readonly checker: ts.TypeChecker;
  private readonly ours: (file: string) => boolean;
  /**
   * What visiting a node finds, kept for the next entry: the uses met in its subtree and the
   * declarations it hands on, in the order met. Every route's bundle reaches the same shared code
   * (wrap, the session, the table), so each subtree is read with the checker once per run, not
   * once per route; an entry's walk replays the same steps in the same order.
   */
  private readonly visited = new Map<ts.Node, { uses: Use[]; next: ts.Node[] }>();

  constructor(private readonly rootDir: string, rootFiles: string[]) {
    const config = ts.getParsedCommandLineOfConfigFile(join(rootDir, 'tsconfig.json'), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (!config) throw new Error('tsconfig.json did not parse');
    this.program = ts.createProgram({ rootNames: rootFiles, options: { ...config.options, noEmit: true } });
    this.checker = this.program.getTypeChecker();
    const roots = ['functions', 'shared'].map((d) => join(rootDir, d) + sep);
    this.ours = (file) => !file.endsWith('.d.ts') && !file.includes(`${sep}node_modules${sep}`) && roots.some((r) => file.startsWith(r));
  }

  /** The uses reachable from an entry's named imports (absolute module paths without extension). */
  usesOfEntry(entry: EntrySource): Use[] {
    const parsed = ts.createSourceFile(`${entry.name}.ts`, entry.source, ts.ScriptTarget.ES2022, true);
    const starts: ts.Node[] = [];
    for (const statement of parsed.statements) {
      const specifier = ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement) ? statement.moduleSpecifier : undefined;
      if (!specifier || !ts.isStringLiteral(specifier)) continue;
      const file = this.program.getSourceFile(`${specifier.text}.ts`);
      if (!file) throw new Error(`${entry.name}: ${specifier.text}.ts is not part of the analysed program`);
      const moduleSymbol = this.checker.getSymbolAtLocation(file);
      if (!moduleSymbol) throw new Error(`${specifier.text}.ts has no exports`);
      const exports = this.checker.getExportsOfModule(moduleSymbol);
      const names: string[] = [];
      if (ts.isImportDeclaration(statement)) {
        const bindings = statement.importClause?.namedBindings;
        if (bindings && ts.isNamedImports(bindings)) names.push(...bindings.elements.map((e) => (e.propertyName ?? e.name).text));
      } else if (ts.isExportDeclaration(statement)) {
        const clause = statement.exportClause;
        if (clause && ts.isNamedExports(clause)) names.push(...clause.elements.map((e) => (e.propertyName ?? e.name).text));
      }
      for (const name of names) {
        const symbol = exports.find((s) => s.name === name);
        if (!symbol) throw new Error(`${specifier.text} exports no ${name}`);
        starts.push(...(this.resolve(symbol).declarations ?? []));
      }
    }
    return this.walk(starts);
  }

  private resolve(symbol: ts.Symbol): ts.Symbol {
    return symbol.flags & ts.SymbolFlags.Alias ? this.checker.getAliasedSymbol(symbol) : symbol;
  }

  private where(node: ts.Node): string {
    const file = node.getSourceFile();
    const { line } = file.getLineAndCharacterOfPosition(node.getStart());
    return `${relative(this.rootDir, file.fileName).split(sep).join('/')}:${line + 1}`;
  }

  /** Declarations worth following: values of our code, not types, not parameters. */
  private follows(declaration: ts.Declaration): boolean {
    if (!this.ours(declaration.getSourceFile().fileName)) return false;
    return !(
      ts.isInterfaceDeclaration(declaration) ||
      ts.isTypeAliasDeclaration(declaration) ||
      ts.isTypeParameterDeclaration(declaration) ||
      ts.isParameter(declaration) ||
      ts.isModuleDeclaration(declaration) ||
      ts.isSourceFile(declaration) ||
      ts.isImportSpecifier(declaration) ||
      ts.isImportClause(declaration) ||
      ts.isNamespaceImport(declaration)
    );
  }

  private walk(starts: ts.Node[]): Use[] {
    const uses: Use[] = [];
    const seen = new Set<ts.Node>();
    const queue = [...starts];
    while (queue.length) {
      const node = queue.pop()!;
      if (seen.has(node)) continue;
      seen.add(node);
      const found = this.visitOnce(node);
      uses.push(...found.uses);
      queue.push(...found.next);
    }
    const unique = new Map(uses.map((u) => [`${u.grant} ${u.call} ${u.at}`, u]));
    return [...unique.values()];
  }

  /** A node's subtree, read once: its uses and the declarations to follow from it (see `visited`). */
  private visitOnce(start: ts.Node): { uses: Use[]; next: ts.Node[] } {
    let found = this.visited.get(start);
    if (found) return found;
    found = { uses: [], next: [] };
    const { uses, next } = found;
    const visit = (node: ts.Node): void => {
      if (ts.isTypeNode(node) || ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isImportDeclaration(node)) return;
      if (ts.isIdentifier(node)) this.identifier(node, next, uses);
      if (ts.isNewExpression(node)) this.construction(node, uses);
      ts.forEachChild(node, visit);
    };
    visit(start);
    this.visited.set(start, found);
    return found;
  }

  private identifier(node: ts.Identifier, queue: ts.Node[], uses: Use[]): void {
    const parent = node.parent;
    let symbol = ts.isShorthandPropertyAssignment(parent) && parent.name === node
      ? this.checker.getShorthandAssignmentValueSymbol(parent)
      : this.checker.getSymbolAtLocation(node);
    if (!symbol) return;
    symbol = this.resolve(symbol);
    for (const declaration of symbol.declarations ?? []) {
      const file = declaration.getSourceFile().fileName;
      if (this.follows(declaration)) {
        queue.push(declaration);
        continue;
      }
      // A member of an ElectroDB entity or service, named at a property access: `.put(`, `.query.`.
      if (packageOf(file) === 'electrodb' && ts.isPropertyAccessExpression(parent) && parent.name === node) {
        const name = node.text;
        const grant = ELECTRODB_WRITES.has(name) ? 'table:write' : ELECTRODB_READS.has(name) ? 'table:read' : undefined;
        if (grant) uses.push({ grant, call: `ElectroDB ${name}`, at: this.where(node) });
        return;
      }
    }
  }

  /** `new XCommand(…)`, whether imported statically or destructured from `await import(…)`. */
  private construction(node: ts.NewExpression, uses: Use[]): void {
    const symbol = this.checker.getTypeAtLocation(node.expression).getSymbol();
    for (const declaration of symbol?.declarations ?? []) {
      const pkg = packageOf(declaration.getSourceFile().fileName);
      if (!pkg?.startsWith('@aws-sdk/')) continue;
      const name = symbol!.name;
      if (!name.endsWith('Command')) continue;
      const grants = SDK_COMMANDS[pkg]?.[name];
      const at = this.where(node);
      // S3 calls on the private prefix are made in one module: they need the private grants.
      const onPrivate = at.startsWith(PRIVATE_OBJECTS_MODULE);
      if (grants) for (const grant of ([] as Grant[]).concat(grants)) uses.push({ grant: onPrivate ? privateGrant(grant) : grant, call: `${pkg} ${name}`, at });
      else if (!KNOWN_SDK_COMMANDS.has(name)) throw new Error(`${this.where(node)}: ${pkg} ${name} has no grant in handler-effects.ts: add it`);
      return;
    }
  }
}

/** The grants a list of uses needs. */
export function grantsOf(uses: readonly Use[]): Set<Grant> {
  return new Set(uses.map((u) => u.grant));
}
