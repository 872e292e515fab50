package io.github.idforge;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import javax.sql.DataSource;

/**
 * Runs one SQL statement with parameters for a {@link Lease}: the lease
 * client's only way to its PostgreSQL server, so that the package depends on
 * no driver. {@link #jdbc(DataSource)} makes one from any JDBC
 * {@code DataSource} (a connection pool, say); a client of one's own can
 * run the statement however it likes.
 *
 * <p>A lease calls it from its renewal thread as well as from the thread
 * that acquires or closes it: it must be safe to call from any thread, and
 * run each statement outside an explicit transaction (or in a READ
 * COMMITTED one of its own).
 */
@FunctionalInterface
public interface LeaseClient {
    /**
     * Runs one statement, whose parameters are JDBC's {@code ?} in order,
     * and returns its rows, each the values of its columns in order
     * ({@code bigint} as a {@code Long}, SQL NULL as {@code null}).
     *
     * @param sql the statement
     * @param params its parameters: {@code String}, {@code Integer} and {@code Long} values
     * @return the rows, none for a statement that returns none
     * @throws SQLException when the statement fails or the server is out of reach
     */
    List<Object[]> query(String sql, Object... params) throws SQLException;

    /**
     * Returns a client that runs its statements on one connection of the
     * data source, kept open between them, as the JavaScript and Python
     * lease clients keep theirs: a lease makes three calls to acquire and
     * one every TTL/3 after, and a connection of its own for each, from a
     * data source that is no pool (PostgreSQL's {@code PGSimpleDataSource}
     * connects and authenticates anew each time), made acquiring several
     * times slower than the calls themselves. The statements take turns on
     * it; a statement that fails closes it, and the next opens another, so
     * a restarted server or a broken network costs one failed call.
     *
     * @param dataSource the data source, such as a connection pool
     * @return the client
     */
    static LeaseClient jdbc(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource");
        return new LeaseClient() {
            /** The connection, or null until the first statement or after a failed one. */
            private Connection held;

            @Override
            public synchronized List<Object[]> query(String sql, Object... params) throws SQLException {
                if (held == null) {
                    held = dataSource.getConnection();
                }
                try {
                    return run(held, sql, params);
                } catch (SQLException | RuntimeException e) {
                    Connection c = held;
                    held = null;
                    try {
                        c.close();
                    } catch (SQLException suppressed) {
                        e.addSuppressed(suppressed);
                    }
                    throw e;
                }
            }
        };
    }

    /**
     * Runs one statement on c, as {@link #query(String, Object...)} says.
     *
     * @param c the connection
     * @param sql the statement
     * @param params its parameters
     * @return the rows
     * @throws SQLException when the statement fails
     */
    private static List<Object[]> run(Connection c, String sql, Object... params) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(sql)) {
            for (int i = 0; i < params.length; i++) {
                s.setObject(i + 1, params[i]);
            }
            List<Object[]> rows = new ArrayList<>();
            if (s.execute()) {
                try (ResultSet r = s.getResultSet()) {
                    int n = r.getMetaData().getColumnCount();
                    while (r.next()) {
                        Object[] row = new Object[n];
                        for (int i = 0; i < n; i++) {
                            row[i] = r.getObject(i + 1);
                        }
                        rows.add(row);
                    }
                }
            }
            return rows;
        }
    }
}
