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
     * Returns a client that runs each statement on a connection of the
     * data source, taken for the statement and given back after it.
     *
     * @param dataSource the data source, such as a connection pool
     * @return the client
     */
    static LeaseClient jdbc(DataSource dataSource) {
        Objects.requireNonNull(dataSource, "dataSource");
        return (sql, params) -> {
            try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
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
        };
    }
}
