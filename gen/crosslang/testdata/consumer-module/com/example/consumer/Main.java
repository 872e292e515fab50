package com.example.consumer;

import io.github.idforge.IDException;
import io.github.idforge.UuidV7;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.UUID;

/** Uses idforge from a named module: it compiles, and the IDs work. */
public final class Main {
    private Main() {
    }

    /**
     * Checks that java.sql is not resolved, makes, reads and serializes a
     * UuidV7, and prints PASS.
     *
     * @param args none
     * @throws IOException never: the streams are in memory
     * @throws ClassNotFoundException if idforge's proxy class is not readable
     */
    public static void main(String[] args) throws IOException, ClassNotFoundException {
        // A consumer that never leases needs no java.sql: the module graph
        // idforge's module makes holds none.
        check(ModuleLayer.boot().findModule("java.sql").isEmpty(), "java.sql resolved for a consumer that does not lease");
        UuidV7 id = UuidV7.newId();
        check(UuidV7.parse(id.toString()).equals(id), "parse(toString())");
        check(UuidV7.isValid(id.toString()) && !UuidV7.isValid(UUID.randomUUID().toString()), "isValid(text)");
        check(id.fields().unixMs() == id.time().toEpochMilli(), "fields().unixMs()");
        try {
            UuidV7.parse("not an id");
            check(false, "parse of \"not an id\"");
        } catch (IDException e) {
            check(e.code() == IDException.Code.ERR_LENGTH, "parse of \"not an id\": " + e.code());
        }
        // Serialization across the module boundary: the proxy is idforge's own.
        ByteArrayOutputStream buf = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(buf)) {
            out.writeObject(id);
        }
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(buf.toByteArray()))) {
            check(id.equals(in.readObject()), "serialized and read back");
        }
        System.out.println("PASS " + id);
    }

    private static void check(boolean ok, String what) {
        if (!ok) {
            throw new AssertionError(what);
        }
    }
}
