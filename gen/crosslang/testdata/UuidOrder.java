// Sorts stored values as java.util.UUID.compareTo does, for the Go test
// TestVendorOrders: java UuidOrder.java FILE, where FILE holds one value a
// line, 32 hex digits in a UUID's text order. Each is read by
// UUID.fromString, as a driver or a user's code reads the text, and the
// lines' indices (0-based) are written in compareTo's order, one a line.

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;

public final class UuidOrder {
    private UuidOrder() {}

    public static void main(String[] args) throws IOException {
        List<String> lines = Files.readAllLines(Path.of(args[0]), StandardCharsets.US_ASCII);
        lines.removeIf(String::isEmpty);
        UUID[] uuids = new UUID[lines.size()];
        Integer[] index = new Integer[uuids.length];
        for (int i = 0; i < uuids.length; i++) {
            String h = lines.get(i);
            uuids[i] = UUID.fromString(h.substring(0, 8) + "-" + h.substring(8, 12) + "-" + h.substring(12, 16) + "-" + h.substring(16, 20) + "-" + h.substring(20));
            index[i] = i;
        }
        Arrays.sort(index, (x, y) -> uuids[x].compareTo(uuids[y]));
        try (BufferedWriter w = new BufferedWriter(new OutputStreamWriter(System.out, StandardCharsets.US_ASCII))) {
            for (int i : index) {
                w.write(Integer.toString(i));
                w.newLine();
            }
        }
    }
}
