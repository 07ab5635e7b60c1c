import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;

import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
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
 */
public final class RulingsNeo4j {
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

        DatabaseManagementService service = new DatabaseManagementServiceBuilder(home)
                .setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                .setConfig(GraphDatabaseSettings.pagecache_memory, parseBytes(pageCache))
                .setConfig(GraphDatabaseSettings.transaction_timeout, Duration.ofMinutes(10))
                .build();
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

    private static long parseBytes(String text) {
        String t = text.trim().toLowerCase();
        long unit = 1;
        if (t.endsWith("g")) { unit = 1L << 30; t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("m")) { unit = 1L << 20; t = t.substring(0, t.length() - 1); }
        else if (t.endsWith("k")) { unit = 1L << 10; t = t.substring(0, t.length() - 1); }
        return Long.parseLong(t) * unit;
    }
}
