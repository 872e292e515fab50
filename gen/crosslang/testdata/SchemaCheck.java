import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HexFormat;
import java.util.regex.Pattern;

/**
 * Judges the cases of gen/crosslang's TestSchemas with java.util.regex, as
 * a Java service checks a field with a schema's pattern (Bean Validation's
 * {@code @Pattern} matches the whole text, as {@link java.util.regex.Matcher#matches()} does). The file holds
 * lines "P HEX" (a layout's pattern, its UTF-8 in hex) and "C WANT HEX" (a
 * text, 1 if the pattern must match it, else 0); each case judged otherwise
 * is printed, then "checked N".
 */
public class SchemaCheck {
    public static void main(String[] args) throws Exception {
        HexFormat hex = HexFormat.of();
        Pattern p = null;
        int n = 0;
        for (String line : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
            String[] f = line.split(" ", -1);
            if (f[0].equals("P")) {
                p = Pattern.compile(new String(hex.parseHex(f[1]), StandardCharsets.UTF_8));
                continue;
            }
            String text = new String(hex.parseHex(f[2]), StandardCharsets.UTF_8);
            boolean want = f[1].equals("1");
            if (p.matcher(text).matches() != want) {
                System.out.println(p.pattern() + ": \"" + text + "\": matched " + !want + ", want " + want);
            }
            n++;
        }
        System.out.println("checked " + n);
    }
}
