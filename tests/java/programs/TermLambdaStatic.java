// Found on commons-lang3 (AnnotationUtils): an invokedynamic in a method the
// entry may run made the static-field scan read a call site as a member
// reference, an internal error in the term, clp and recurrent engines.
// EXPECT: analyze --engine term --int-semantics math -> MAYBE
// EXPECT: analyze --engine clp -> MAYBE
// EXPECT: termcomp -> MAYBE
public class TermLambdaStatic {
    static int count;
    static String name(Class<?> c) {
        java.util.function.Function<Class<?>, String> f = Class::getSimpleName;
        count++;
        return f.apply(c);
    }
    public static void main(String[] args) {
        for (int i = 0; i < args.length; i++) name(String.class);
        System.out.println(count);
    }
}
