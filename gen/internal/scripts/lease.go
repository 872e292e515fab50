package scripts

import (
	"strings"

	"github.com/idforge/idforge/gen/internal/portable"
)

// RecipeStart and RecipeEnd mark, in each package's README, its lease
// recipe: the program that installs lease.sql from the package, acquires a
// node, makes IDs and releases the node, and the command that runs it.
// .ci/packages runs each recipe, as written, from the built artefacts
// against a real PostgreSQL (.ci/blocks reads the blocks between the
// marks: a block whose fence names a file after its language, as
// "```js lease-demo.mjs", is that file; a ```sh block is commands).
const (
	RecipeStart = "<!-- lease recipe -->"
	RecipeEnd   = "<!-- /lease recipe -->"
)

// recipe is one package's lease recipe.
type recipe struct {
	where   string // where the package carries lease.sql, and how a program reads it
	psql    string // the path of lease.sql for psql -f, in a user's project
	driver  string // the driver the program uses, and how to get it
	fence   string // the program's fence: its language and file name
	program string
	run     string // the command that runs it
	env     string // what the command needs in the environment
}

var recipes = map[string]recipe{
	"js": {
		where:  "the file `lease.sql` at the package's root, beside `package.json` (`new URL('lease.sql', import.meta.resolve('idforge/package.json'))` finds it)",
		psql:   "node_modules/idforge/lease.sql",
		driver: "node's `pg` (`npm install idforge pg`); any client that runs one statement with `$1`-style parameters will do",
		fence:  "js lease-demo.mjs",
		program: `import { readFile } from 'node:fs/promises';
import pg from 'pg';
import { acquire } from 'idforge/lease';
import { LEASE_SPACE } from 'idforge/snowflake';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL });
const query = (sql, params) => pool.query(sql, params).then((r) => r.rows);

// 1. Install the lease functions from the package (running it again changes nothing).
await query(await readFile(new URL('lease.sql', import.meta.resolve('idforge/package.json')), 'utf8'));

// 2. Acquire a node of the Snowflake layout's space, waiting up to 30 s for a free one.
const lease = await acquire(query, LEASE_SPACE, { wait: 30000 });
try {
  // 3. Make IDs with the generator of the leased node.
  const ids = lease.newGenerator();
  for (let i = 0; i < 3; i++) console.log(` + "`${ids.next()} on node ${lease.node}`" + `);
} finally {
  // 4. Release the node, recording the last tick used, and close the pool.
  await lease.close();
  await pool.end();
}
`,
		run: "node lease-demo.mjs",
		env: "`DATABASE_URL` a `postgres://` URL",
	},
	"python": {
		where:  "package data beside `idforge/lease.py`: `importlib.resources.files(\"idforge\") / \"lease.sql\"`",
		psql:   "\"$(python3 -c 'import idforge, os; print(os.path.join(os.path.dirname(idforge.__file__), \"lease.sql\"))')\"",
		driver: "psycopg2 (Debian's `python3-psycopg2`, or `pip install psycopg2`); psycopg 3 and pg8000 work the same way",
		fence:  "python lease_demo.py",
		program: `import os
from importlib.resources import files

import psycopg2
from idforge import lease, snowflake

conn = psycopg2.connect(os.environ["DATABASE_URL"])
conn.autocommit = True  # each call its own transaction, as the functions want
cur = conn.cursor()

# 1. Install the lease functions from the package (running it again changes nothing).
cur.execute(files("idforge").joinpath("lease.sql").read_text(encoding="utf-8"))


def execute(sql, params):
    cur.execute(sql, params)
    return cur.fetchall()


# 2. Acquire a node of the Snowflake layout's space, waiting up to 30 s for a free one.
with lease.acquire(execute, snowflake.LEASE_SPACE, wait=30) as held:
    # 3. Make IDs with the generator of the leased node.
    gen = snowflake.Generator.from_lease(held)
    for _ in range(3):
        print(gen.next(), "on node", held.node)
# 4. The end of the with block released the node, recording the last tick used.
conn.close()
`,
		run: "python3 lease_demo.py",
		env: "`DATABASE_URL` a `postgres://` URL (or any DSN psycopg2 reads)",
	},
	"java": {
		where:  "the resource `META-INF/idforge/lease.sql` of the jar, a name no package encapsulates, so that `Lease.class.getResourceAsStream(\"/META-INF/idforge/lease.sql\")` reads it on the class path and on the module path alike",
		psql:   "<(unzip -p idforge-" + Version + ".jar META-INF/idforge/lease.sql)",
		driver: "PostgreSQL's JDBC driver, `postgresql.jar` (Debian's `libpostgresql-jdbc-java`, or `org.postgresql:postgresql`); any `DataSource` will do",
		fence:  "java LeaseDemo.java",
		program: `import io.github.idforge.Lease;
import io.github.idforge.LeaseClient;
import io.github.idforge.Snowflake;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import org.postgresql.ds.PGSimpleDataSource;

public class LeaseDemo {
    public static void main(String[] args) throws Exception {
        PGSimpleDataSource db = new PGSimpleDataSource();
        db.setURL(System.getenv("JDBC_URL"));

        // 1. Install the lease functions from the jar (running it again changes nothing).
        try (InputStream in = Lease.class.getResourceAsStream("/META-INF/idforge/lease.sql");
                Connection c = db.getConnection();
                Statement s = c.createStatement()) {
            s.execute(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        }

        // 2. Acquire a node of the Snowflake layout's space, waiting up to 30 s for a free one.
        try (Lease lease = Lease.acquire(LeaseClient.jdbc(db), Snowflake.LEASE_SPACE,
                Lease.Options.defaults().waitFor(Duration.ofSeconds(30)))) {
            // 3. Make IDs with the generator of the leased node.
            Snowflake.Generator ids = new Snowflake.Generator(lease);
            for (int i = 0; i < 3; i++) {
                System.out.println(ids.next() + " on node " + lease.node());
            }
        } // 4. close released the node, recording the last tick used.
    }
}
`,
		run: "java -cp idforge-" + Version + ".jar:postgresql.jar LeaseDemo.java",
		env: "`JDBC_URL` a `jdbc:postgresql://` URL with its user and password",
	},
}

// leaseRecipe returns the section of a package's README, for lang "js",
// "python" or "java", that says how to lease a node: where the package
// carries lease.sql, how to install it, and the recipe (install, acquire,
// make IDs, release) between RecipeStart and RecipeEnd.
func leaseRecipe(lang, heading string) string {
	r := recipes[lang]
	var b strings.Builder
	b.WriteString(heading + "\n\n")
	b.WriteString(portable.Fill("A layout with a node (Snowflake, Sonyflake, Discord, Instagram, TSID, Twitter) needs a node number that no other running generator of the layout holds. The lease client leases one from PostgreSQL 13 or later through idforge's SQL lease functions, the same ones idforge's Go engine and every other language's client call, so holders in any language share a space and never a node. The package carries their install script, lease.sql: "+r.where+".", 74))
	b.WriteString("\n\n")
	steps := []string{
		"Install the functions once, as the role that is to own them, in a schema where no other role may CREATE: `public` on PostgreSQL 15 and later, or a schema of that role's own (on 13 and 14, `REVOKE CREATE ON SCHEMA public FROM PUBLIC` first). Run the file as it stands, from your program as below or with `psql \"$DATABASE_URL\" -v ON_ERROR_STOP=1 -f " + r.psql + "`; running it again changes nothing. It refuses, with SQLSTATE 42501 and the statement that fixes each problem, a schema others may CREATE in, a lease object another role owns or a privilege another role holds on the table ([the install rule](" + Repository + "/blob/main/docs/security.md#postgresql-installs)).",
		"Give each role that leases USAGE on the schema and EXECUTE on `idforge_lease_acquire`, `idforge_lease_renew` and `idforge_lease_release`, never a privilege on the table `idforge_lease` ([the grants](" + Repository + "/blob/main/docs/leases.md#the-lease-protocol-in-sql)).",
		"Acquire a node, make IDs with its generator, and release the node when done: the lease renews itself in the background until then, and its generator stops (`ErrLeaseLost`) if it is lost.",
	}
	for i, s := range steps {
		b.WriteString(string(rune('1'+i)) + ". " + strings.ReplaceAll(portable.Fill(s, 71), "\n", "\n   ") + "\n")
	}
	b.WriteString("\n" + portable.Fill("The whole of it, with "+r.driver+":", 74) + "\n\n")
	b.WriteString(RecipeStart + "\n```" + r.fence + "\n" + r.program + "```\n\n")
	b.WriteString(portable.Fill("Run it with "+r.env+":", 74) + "\n\n")
	b.WriteString("```sh\n" + r.run + "\n```\n" + RecipeEnd + "\n\n")
	b.WriteString(portable.Fill("idforge's CI runs this recipe, as written, from the built package against a real PostgreSQL. The protocol, the quarantine of a lost node and what happens when things fail are in [Many machines]("+Repository+"/blob/main/docs/leases.md).", 74) + "\n\n")
	return b.String()
}
