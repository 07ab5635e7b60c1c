import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import inet.ipaddr.IPAddressString;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.event.DatabaseEventContext;
import org.neo4j.graphdb.event.DatabaseEventListenerAdapter;
import org.neo4j.graphdb.GraphDatabaseService;

/**
 * Runs Neo4j Community as a Bolt server for ygo-rulings.
 *
 * Usage: RulingsNeo4j HOME PORT PASSWORD_FILE [PAGECACHE]
 *
 * The server tarball is not on Maven Central, so the project runs the Community database through
 * its public management API with the Bolt connector switched on. Once the database answers and the
 * password from PASSWORD_FILE is in force, HOME/run/ready is written (atomically) with the port:
 * the Python side waits for that file, never for a fixed sleep.
 *
 * Locked down: Bolt on 127.0.0.1 only (no HTTP connector), LOAD CSV may read no file (file URLs off,
 * import root an empty folder of ours) and fetch no URL (every IPv4 and IPv6 address blocked), no
 * extension procedures are loaded.
 *
 * HOME/run/health holds "ok", padded to its full size when the server starts; when a database panics
 * (disk full, I/O error) the reason overwrites it in place (no new disk block needed on a full disk)
 * and the ready file is removed: the server stays up for `rulings neo4j status` to report it.
 */
public final class RulingsNeo4j {
    private static final int HEALTH_SIZE = 1024;

    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: RulingsNeo4j HOME PORT PASSWORD_FILE [PAGECACHE]");
            System.exit(2);
        }
        Path home = Path.of(args[0]).toAbsolutePath();
        int port = Integer.parseInt(args[1]);
        String password = Files.readString(Path.of(args[2]), StandardCharsets.UTF_8).trim();
        String pageCache = args.length > 3 ? args[3] : "256m";
        Path runDir = home.resolve("run");
        Files.createDirectories(runDir);
        Path ready = runDir.resolve("ready");
        Files.deleteIfExists(ready);
        Path health = runDir.resolve("health");
        Files.writeString(health, " ".repeat(HEALTH_SIZE).replaceFirst("^..", "ok"), StandardCharsets.UTF_8);
        Path importDir = home.resolve("import");
        Files.createDirectories(importDir);

        DatabaseManagementService service = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                .setConfig(GraphDatabaseSettings.pagecache_memory, parseBytes(pageCache))
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(10))
                .setConfig(GraphDatabaseSettings.allow_file_urls, false)
                .setConfig(GraphDatabaseSettings.load_csv_file_url_root, importDir)
                .setConfig(GraphDatabaseInternalSettings.cypher_ip_blocklist,
                        List.of(new IPAddressString("0.0.0.0/0"), new IPAddressString("::/0")))
                .setConfig(GraphDatabaseSettings.procedure_allowlist, List.<String>of())
                .setConfig(GraphDatabaseSettings.procedure_unrestricted, List.<String>of())
                .build();
        service.registerDatabaseEventListener(new DatabaseEventListenerAdapter() {
            @Override
            public void databasePanic(DatabaseEventContext ctx) {
                unhealthy(runDir, "database " + ctx.getDatabaseName() + " panicked (see " + home.resolve("logs/debug.log") + ")");
            }

            @Override
            public void databaseOutOfDiskSpace(DatabaseEventContext ctx) {
                unhealthy(runDir, "database " + ctx.getDatabaseName() + " ran out of disk space under " + home);
            }
        });
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            try {
                Files.deleteIfExists(ready);
            } catch (Exception ignored) {
                // the pid check on the Python side covers a stale file
            }
            service.shutdown();
        }, "rulings-neo4j-shutdown"));

        GraphDatabaseService system = service.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME);
        // The default user starts with password 'neo4j' and a forced change; set ours instead.
        // On a restart the password is already ours: Neo4j refuses to set the same one again, which is fine.
        try {
            system.executeTransactionally("ALTER USER neo4j SET PASSWORD $pw CHANGE NOT REQUIRED", Map.of("pw", password));
        } catch (RuntimeException e) {
            if (!String.valueOf(e.getMessage()).contains("same")) {
                System.err.println("rulings-neo4j: could not set the password: " + e.getMessage());
            }
        }
        GraphDatabaseService db = service.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        db.executeTransactionally("RETURN 1");

        Path tmp = runDir.resolve("ready.tmp");
        Files.writeString(tmp, port + "\n" + ProcessHandle.current().pid() + "\n", StandardCharsets.UTF_8);
        Files.move(tmp, ready, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        System.out.println("rulings-neo4j: ready on bolt://127.0.0.1:" + port);
        System.out.flush();
        Thread.currentThread().join();
    }

    private static void unhealthy(Path runDir, String reason) {
        try (java.io.RandomAccessFile file = new java.io.RandomAccessFile(runDir.resolve("health").toFile(), "rw")) {
            byte[] text = reason.getBytes(StandardCharsets.UTF_8);
            byte[] padded = " ".repeat(HEALTH_SIZE).getBytes(StandardCharsets.UTF_8);
            System.arraycopy(text, 0, padded, 0, Math.min(text.length, HEALTH_SIZE));
            file.seek(0);
            file.write(padded);
            file.getFD().sync();
            Files.deleteIfExists(runDir.resolve("ready"));
        } catch (Exception e) {
            // the disk may be full: the message below still reaches the launcher log (or nowhere)
        }
        System.err.println("rulings-neo4j: " + reason);
        System.err.flush();
    }

    private static long parseBytes(String text) {
        String t = text.trim().toLowerCase();
        long unit = 1;
        if (t.endsWith("g")) { unit = 1L << 30; t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("m")) { unit = 1L << 20; t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("k")) { unit = 1L << 10; t = t.substring(0, t.length() - 1); }
        return Long.parseLong(t) * unit;
    }
}
