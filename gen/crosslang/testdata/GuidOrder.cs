// Sorts stored values as .NET and SQL Server compare them, for the Go test
// TestVendorOrders: mono GuidOrder.exe ORDER FILE, where FILE holds one
// value a line, 32 hex digits in a UUID's text order (the text SQL Server's
// uniqueidentifier literal and new Guid(string) read), and ORDER is one of
//
//   sqlguid   SqlGuid.CompareTo, SQL Server's uniqueidentifier order, of
//             new SqlGuid(new Guid(text)) (System.Data.SqlTypes)
//   bytes     Guid.ToByteArray() compared as unsigned bytes, what a binary
//             column holding .NET's bytes of a Guid sorts by
//   guid      Guid.CompareTo, .NET's own order of a Guid
//
// It writes the lines' indices (0-based) in that order, one a line. It
// compares with the platform's own code only: what it checks is that
// code's order, not this program's.

using System;
using System.Data.SqlTypes;
using System.IO;

static class GuidOrder {
    static int Main(string[] args) {
        if (args.Length != 2) {
            Console.Error.WriteLine("usage: GuidOrder.exe sqlguid|bytes|guid FILE");
            return 2;
        }
        string[] lines = File.ReadAllLines(args[1]);
        int n = lines.Length;
        while (n > 0 && lines[n - 1].Length == 0) {
            n--;
        }
        Guid[] guids = new Guid[n];
        for (int i = 0; i < n; i++) {
            guids[i] = new Guid(lines[i]);
        }
        int[] index = new int[n];
        for (int i = 0; i < n; i++) {
            index[i] = i;
        }
        switch (args[0]) {
        case "sqlguid": {
            SqlGuid[] s = new SqlGuid[n];
            for (int i = 0; i < n; i++) {
                s[i] = new SqlGuid(guids[i]);
            }
            Array.Sort(index, (x, y) => s[x].CompareTo(s[y]));
            break;
        }
        case "bytes": {
            byte[][] b = new byte[n][];
            for (int i = 0; i < n; i++) {
                b[i] = guids[i].ToByteArray();
            }
            Array.Sort(index, (x, y) => Unsigned(b[x], b[y]));
            break;
        }
        case "guid":
            Array.Sort(index, (x, y) => guids[x].CompareTo(guids[y]));
            break;
        default:
            Console.Error.WriteLine("GuidOrder: no order " + args[0] + " (want sqlguid, bytes or guid)");
            return 2;
        }
        using (var w = new StreamWriter(Console.OpenStandardOutput())) {
            foreach (int i in index) {
                w.WriteLine(i);
            }
        }
        return 0;
    }

    // Unsigned compares two arrays of the same length byte by byte,
    // unsigned, as memcmp and a binary column's index do.
    static int Unsigned(byte[] x, byte[] y) {
        for (int i = 0; i < x.Length; i++) {
            if (x[i] != y[i]) {
                return x[i] < y[i] ? -1 : 1;
            }
        }
        return 0;
    }
}
