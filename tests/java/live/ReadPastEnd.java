package live;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;

// Reading up to a newline that never comes: read() returns -1 forever.
// EXPECT: live -> NO stuck:13 thread:main
public class ReadPastEnd {
    static int lineLength(BufferedReader in) throws IOException {
        int n = 0;
        int c;
        while ((c = in.read()) != '\n') {
            n++;
        }
        return n;
    }

    public static void main(String[] args) throws IOException {
        System.out.println(lineLength(new BufferedReader(new StringReader("no newline here"))));
    }
}
